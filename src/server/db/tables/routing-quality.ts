import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { promptKinds } from '../../../gateway/routing/prompt-kind';
import { createdAt } from './columns';
import { organisations } from './organisations';
import { routingDecisions } from './routing';

/** What the judge of a shadow evaluation said of the cheaper reply beside the strongest allowed model's. */
export const shadowVerdicts = ['as_good', 'worse'] as const;
export type ShadowVerdict = (typeof shadowVerdicts)[number];

/**
 * One Auto reply answered by a cheaper tier, compared in the background with the strongest model
 * the user may use (docs/decisions/067): a label for the organisation's own router and its quality
 * figures. Users' own signals (ratings, regenerations, edits) stay in routing_calibration_signals.
 */
export const routingQualityLabels = pgTable(
  'routing_quality_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => routingDecisions.id, { onDelete: 'cascade' }),
    /** The kind of prompt the router read (null: it did not score it). */
    promptKind: text('prompt_kind', { enum: promptKinds }),
    /** The tier of the model that answered the user. */
    tier: integer('tier').notNull(),
    modelId: text('model_id').notNull(),
    strongModelId: text('strong_model_id').notNull(),
    judgeModelId: text('judge_model_id').notNull(),
    verdict: text('verdict', { enum: shadowVerdicts }).notNull(),
    /** The strongest model's answer and the judge's call, each at its recorded cost. */
    strongCostPicodollars: bigint('strong_cost_picodollars', { mode: 'bigint' }).notNull(),
    judgeCostPicodollars: bigint('judge_cost_picodollars', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('routing_quality_labels_decision_idx').on(table.decisionId),
    index('routing_quality_labels_org_idx').on(table.orgId, table.createdAt),
  ],
);

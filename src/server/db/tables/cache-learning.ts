import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';
import { organisations } from './organisations';
import { routingDecisions } from './routing';

/**
 * Each organisation's learned cache (docs/decisions/048, 080): the learner's state as one JSON
 * object (format tokenwise-cache-learner/1, checked by its zod schema when read), written with
 * every label it learns, its row locked meanwhile. `version` grows by one a write, so an instance
 * can tell that its in-memory copy is behind.
 */
export const cacheLearnerStates = pgTable('cache_learner_states', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  /** Labels learned since the last reset (the state's own count, kept beside it for reading without parsing). */
  labels: integer('labels').notNull().default(0),
  version: integer('version').notNull().default(0),
  /** When the learner first had enough labels to decide the organisation's semantic hits; null: not yet. */
  decidingSince: timestamp('deciding_since', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Where a label of the learned cache came from. */
export const cacheLabelSources = [
  /** The same-question judge, asked about a borderline lookup before answering. */
  'judge',
  /** The judge, asked afterwards about a sampled hit served without it (shadow evaluation's rate and budget). */
  'check',
  /** A user's signal about a hit: a bad rating, a regeneration or an edit. */
  'feedback',
] as const;
export type CacheLabelSource = (typeof cacheLabelSources)[number];

/**
 * One labelled lookup: whether the stored reply answered the new prompt ("same"). The learner
 * learns it; the quality figures count it. A hit is labelled at most once by each source.
 */
export const cacheQualityLabels = pgTable(
  'cache_quality_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The hit's decision; null for a judged lookup (the judge answers before any decision exists). */
    decisionId: uuid('decision_id').references(() => routingDecisions.id, { onDelete: 'cascade' }),
    /** The stored entry the lookup met (no foreign key: an entry may be forgotten, its labels stay). */
    entryId: uuid('entry_id').notNull(),
    source: text('source', { enum: cacheLabelSources }).notNull(),
    same: boolean('same').notNull(),
    similarity: real('similarity').notNull(),
    /** The judge's model, for judge and check labels. */
    judgeModelId: text('judge_model_id'),
    /** What the judge's call cost (0 for users' signals). */
    costPicodollars: bigint('cost_picodollars', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cache_quality_labels_decision_source_idx').on(table.decisionId, table.source),
    index('cache_quality_labels_org_idx').on(table.orgId, table.createdAt),
  ],
);

/** What decided a semantic hit: the static rules (decision 026), the learned threshold, or the judge. */
export const cacheHitDeciders = ['rules', 'learner', 'judge'] as const;
export type CacheHitDecider = (typeof cacheHitDeciders)[number];

/**
 * A semantic hit served (not an exact repeat), with what the learner read of it: a later check or
 * user's signal about the hit is learned from these, whatever has become of the entry since.
 */
export const cacheServedHits = pgTable(
  'cache_served_hits',
  {
    decisionId: uuid('decision_id')
      .primaryKey()
      .references(() => routingDecisions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    similarity: real('similarity').notNull(),
    decidedBy: text('decided_by', { enum: cacheHitDeciders }).notNull(),
    /** The pair's features in the learner's order (pair-features.ts). */
    features: real('features').array().notNull(),
    /** The learner's decision before any label (action, reason, probability, wrong bound). */
    lookup: jsonb('lookup').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('cache_served_hits_org_idx').on(table.orgId, table.createdAt)],
);

/**
 * The cache's figures per organisation and UTC day. Hits are added in the hit's own recording
 * transaction; lookups are counted in memory and written in batches (docs/decisions/080).
 */
export const cacheQualityDailyTotals = pgTable(
  'cache_quality_daily_totals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Lookups of a cacheable prompt with the cache on. */
    lookups: integer('lookups').notNull().default(0),
    /** Lookups whose nearest entry the organisation's learned threshold decided. */
    learnedLookups: integer('learned_lookups').notNull().default(0),
    exactHits: integer('exact_hits').notNull().default(0),
    semanticHits: integer('semantic_hits').notNull().default(0),
    /** Semantic hits the learned threshold served without the judge. */
    learnedHits: integer('learned_hits').notNull().default(0),
    /** Semantic hits the judge allowed. */
    judgedHits: integer('judged_hits').notNull().default(0),
    /** The hits' reference cost less what their judge calls cost. */
    savedPicodollars: bigint('saved_picodollars', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.day] })],
);

import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { promptKinds } from '../../../gateway/routing/prompt-kind';
import { createdAt, updatedAt } from './columns';
import { chatMessages, chatSessions } from './conversations';
import { organisations, users } from './organisations';

/** Each kind of prompt has its own calibration of the router's threshold; the cache has one too. */
export const calibrationTargets = [...promptKinds, 'cache'] as const;

// Cost routing: each organisation's policy, one decision per routed request, and the semantic cache.

/** An organisation's routing policy; an organisation without a row uses the defaults. */
export const routingPolicies = pgTable('routing_policies', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  /** Share of the best model's quality to aim for, 0.5-1 ("aim for 95% of best-model quality"). */
  qualityTarget: real('quality_target').notNull().default(0.95),
  /** Candidate model ids in tier order, cheapest first; null offers every available model. */
  candidateModelIds: jsonb('candidate_model_ids').$type<string[]>(),
  /** "What it would have cost without the router"; null means the best enabled model. */
  referenceModelId: text('reference_model_id'),
  cacheEnabled: boolean('cache_enabled').notNull().default(true),
  /** Similarity a semantic hit needs; null uses the product default. */
  cacheThreshold: real('cache_threshold'),
  cacheTtlSeconds: integer('cache_ttl_seconds')
    .notNull()
    .default(7 * 24 * 3600),
  cacheMaxEntries: integer('cache_max_entries').notNull().default(100_000),
  /** δ: the share of wrong answers allowed among hits the learned cache serves without a judge (docs/decisions/080). */
  cacheErrorRate: real('cache_error_rate').notNull().default(0.02),
  /** Model-call deadlines in milliseconds (docs/decisions/038); null: the product's default. */
  headersTimeoutMs: integer('headers_timeout_ms'),
  firstTokenTimeoutMs: integer('first_token_timeout_ms'),
  betweenTokensTimeoutMs: integer('between_tokens_timeout_ms'),
  /** Share of Auto's cheaper replies compared with the strongest allowed model's (docs/decisions/067); 0 is off. */
  shadowSamplingRate: real('shadow_sampling_rate').notNull().default(0),
  /** What shadow evaluation may spend in a calendar month, in picodollars. */
  shadowMonthlyBudgetPicodollars: bigint('shadow_monthly_budget_picodollars', { mode: 'bigint' })
    .notNull()
    .default(sql`10000000000000`),
  /** The judge of shadow evaluation; null: the strongest model allowed. */
  shadowJudgeModelId: text('shadow_judge_model_id'),
  updatedAt: updatedAt(),
});

export const routingReasons = ['cache_hit', 'router_score', 'forced', 'fallback', 'routing_off', 'only_model'] as const;

/** One routed request: what was considered, what was chosen and why, and afterwards what it cost. Its id is the reply's selection_id. */
export const routingDecisions = pgTable(
  'routing_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    userMessageId: uuid('user_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    replyMessageId: uuid('reply_message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: ['auto', 'forced'] }).notNull(),
    reason: text('reason', { enum: routingReasons }).notNull(),
    /** A short sentence for people, e.g. "Router score 0.31 below 0.52: a smaller model is enough". */
    reasonText: text('reason_text').notNull(),
    /** Every model considered, in tier order, with why a model was passed over. */
    candidates: jsonb('candidates')
      .$type<{ model_id: string; tier: number; eligible: boolean; note?: string }[]>()
      .notNull(),
    routerScore: real('router_score'),
    routerThreshold: real('router_threshold'),
    /** The kind of prompt the router's threshold was calibrated for (docs/decisions/033); null when the router did not score it. */
    promptKind: text('prompt_kind', { enum: promptKinds }),
    /** Which router chose the tier: the organisation's own, learned from its labels (docs/decisions/068), or the global one; null when no router scored the prompt. */
    router: text('router', { enum: ['organisation', 'global'] }),
    /** The global router's score of the prompt, kept when the organisation's router decided: what a later user signal teaches that router with (docs/decisions/072). */
    globalRouterScore: real('global_router_score'),
    cacheSimilarity: real('cache_similarity'),
    cacheEntryId: uuid('cache_entry_id'),
    primaryModelId: text('primary_model_id').notNull(),
    backupModelId: text('backup_model_id'),
    /** The model that produced the reply: the backup after a fallback, the original reply's model for a cache hit. */
    servedModelId: text('served_model_id'),
    referenceModelId: text('reference_model_id').notNull(),
    estimatedCostUsd: numeric('estimated_cost_usd', { precision: 24, scale: 12, mode: 'string' }).notNull(),
    estimatedReferenceCostUsd: numeric('estimated_reference_cost_usd', {
      precision: 24,
      scale: 12,
      mode: 'string',
    }).notNull(),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    costUsd: numeric('cost_usd', { precision: 24, scale: 12, mode: 'string' }),
    referenceCostUsd: numeric('reference_cost_usd', { precision: 24, scale: 12, mode: 'string' }),
    feedback: text('feedback', { enum: ['positive', 'neutral', 'negative'] }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('routing_decisions_org_idx').on(table.orgId, table.createdAt),
    index('routing_decisions_reply_idx').on(table.replyMessageId),
  ],
);

/**
 * A reply the semantic cache may serve again within its organisation. Made from one reply in one
 * chat session, or from a program's answer (its routing decision; docs/decisions/060): deleting the
 * session (or the history, or the account) or the decision deletes the entry with it.
 */
export const cacheEntries = pgTable(
  'cache_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The chat's reply it came from (both set), or none when a program's answer made it. */
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'cascade' }),
    replyMessageId: uuid('reply_message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The program's routing decision whose answer it holds (the API for programs). */
    decisionId: uuid('decision_id').references(() => routingDecisions.id, { onDelete: 'cascade' }),
    /** Conversation context, system prompt and model class: a lookup only matches entries of the same scope. */
    scopeKey: text('scope_key').notNull(),
    /** The exact tier: normalised prompt within the scope. */
    exactKey: text('exact_key').notNull(),
    prompt: text('prompt').notNull(),
    reply: text('reply').notNull(),
    modelId: text('model_id').notNull(),
    /** Unit vector from the encoder named in encoderId; pgvector reads it as vector(dimensions) where the extension exists. */
    embedding: real('embedding').array().notNull(),
    encoderId: text('encoder_id').notNull(),
    /** What the original reply would have cost at the reference model's prices: the saving of every later hit. */
    referenceCostUsd: numeric('reference_cost_usd', { precision: 24, scale: 12, mode: 'string' }).notNull(),
    hitCount: integer('hit_count').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('cache_entries_exact_idx').on(table.orgId, table.exactKey),
    index('cache_entries_scope_idx').on(table.orgId, table.scopeKey),
    index('cache_entries_expiry_idx').on(table.orgId, table.expiresAt),
    index('cache_entries_decision_idx').on(table.decisionId),
    // Every entry hangs on what made it, so deleting that deletes the entry.
    check(
      'cache_entries_source_check',
      sql`(${table.sessionId} is not null and ${table.replyMessageId} is not null) or ${table.decisionId} is not null`,
    ),
  ],
);

/**
 * How an organisation's users' feedback has moved one of its thresholds (docs/decisions/028, 033):
 * the router's threshold for one kind of prompt, or the cache's similarity threshold. No row: not
 * moved (offset 0).
 */
export const routingCalibrationOffsets = pgTable(
  'routing_calibration_offsets',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** A kind of prompt (the router's threshold for it) or 'cache' (the cache's similarity threshold). */
    target: text('target', { enum: calibrationTargets }).notNull(),
    /**
     * Added to the threshold. The router's, within ±0.15: negative sends more prompts of the kind
     * to the strongest tier. The cache's, within 0..0.10: positive asks closer questions of a hit.
     */
    offset: real('threshold_offset').notNull().default(0),
    /** Signals since the last reset that asked for quality (a stronger model, a stricter cache). */
    qualitySignals: integer('quality_signals').notNull().default(0),
    /** Signals since the last reset that the cheaper answer served (positive ratings). */
    savingSignals: integer('saving_signals').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.target] })],
);

/** The replies (by decision) whose signal moved an organisation's calibration: each moves it once, whatever follows. */
export const routingCalibrationSignals = pgTable(
  'routing_calibration_signals',
  {
    decisionId: uuid('decision_id')
      .primaryKey()
      .references(() => routingDecisions.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['stronger', 'cheaper', 'stricter', 'laxer'] }).notNull(),
    /** What the signal was: a rating, a regeneration or an edit. */
    source: text('source', { enum: ['rating', 'regeneration', 'edit'] }).notNull(),
    /** The offset it moved (a kind of prompt or 'cache'); null for signals from before there were several. */
    target: text('target', { enum: calibrationTargets }),
    createdAt: createdAt(),
  },
  (table) => [index('routing_calibration_signals_org_idx').on(table.orgId, table.createdAt)],
);

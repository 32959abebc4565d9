import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { callSources } from './conversations';
import { organisations, users } from './organisations';

// Totals of usage_records kept as records are written, so analytics never sum the records
// themselves. A trigger on usage_records (migration 0013, docs/decisions/020) applies every
// insert, update and delete of records to these rows in the same transaction, one statement per
// table, so each row always equals the sum of its records.

/** One organisation's usage of one model on one UTC day: what the dashboard and model analytics read. */
export const usageDailyTotals = pgTable(
  'usage_daily_totals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Usage records: every model call asked, and every reply served from the cache. */
    requests: integer('requests').notNull().default(0),
    /** Records whose reply ran to its end (outcome complete). */
    completed: integer('completed').notNull().default(0),
    cacheHits: integer('cache_hits').notNull().default(0),
    /** Records that served an Auto (routed) request with this model's reply: streamed or from the cache. */
    autoDecisions: integer('auto_decisions').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    cachedInputTokens: bigint('cached_input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: numeric('cost_usd', { precision: 28, scale: 12, mode: 'string' }).notNull().default('0'),
    referenceCostUsd: numeric('reference_cost_usd', { precision: 28, scale: 12, mode: 'string' })
      .notNull()
      .default('0'),
    /**
     * Completed model calls (not cache hits) by latency: element b + 1 counts the calls of bucket b
     * (usage_latency_bucket: 8 buckets per doubling of milliseconds), the array spanning only the
     * buckets seen, so a p50 is read from a few hundred small arrays instead of every record.
     */
    latencyHistogram: integer('latency_histogram').array().notNull().default([]),
    /** The same for the time to the first token, where the reply had one. */
    firstTokenHistogram: integer('first_token_histogram').array().notNull().default([]),
    /** The latest record's creation time. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.day, table.modelId] })],
);

/** One user's usage of one model in one UTC calendar month: per-user lists and role limits. */
export const usageMonthlyUserTotals = pgTable(
  'usage_monthly_user_totals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    cacheHits: integer('cache_hits').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: numeric('cost_usd', { precision: 28, scale: 12, mode: 'string' }).notNull().default('0'),
    referenceCostUsd: numeric('reference_cost_usd', { precision: 28, scale: 12, mode: 'string' })
      .notNull()
      .default('0'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.userId, table.month, table.modelId] })],
);

/**
 * The same daily totals split by what the calls were made for (source) and the API key they came
 * with (null for the chat), so the dashboard and model analytics can filter by source and key
 * (docs/decisions/061). Kept by the same trigger. No foreign key on the key: a key's rows stay
 * when a record is detached from it, and the trigger moves them to null then.
 */
export const usageDailySourceTotals = pgTable(
  'usage_daily_source_totals',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: callSources }).notNull(),
    apiKeyId: uuid('api_key_id'),
    requests: integer('requests').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    cacheHits: integer('cache_hits').notNull().default(0),
    autoDecisions: integer('auto_decisions').notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    cachedInputTokens: bigint('cached_input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: numeric('cost_usd', { precision: 28, scale: 12, mode: 'string' }).notNull().default('0'),
    referenceCostUsd: numeric('reference_cost_usd', { precision: 28, scale: 12, mode: 'string' })
      .notNull()
      .default('0'),
    latencyHistogram: integer('latency_histogram').array().notNull().default([]),
    firstTokenHistogram: integer('first_token_histogram').array().notNull().default([]),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // One row per organisation, day, model, source and key, the chat's null key included.
    unique('usage_daily_source_totals_unique')
      .on(table.orgId, table.day, table.modelId, table.source, table.apiKeyId)
      .nullsNotDistinct(),
  ],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { createdAt, updatedAt } from './columns';
import { modelPrices } from './model-prices';
import { organisations, users } from './organisations';

// Chat sessions, their messages, the usage and cost of every reply, and feedback on replies.

/** A conversation of one user. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Deleted by its owner: hidden everywhere, restorable for a short while, then removed by the retention job. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_sessions_user_idx').on(table.orgId, table.userId, table.updatedAt),
    // The retention job's look-up: an organisation's conversations inactive since a date.
    index('chat_sessions_org_activity_idx').on(table.orgId, table.updatedAt),
    // And its look-up of deleted conversations whose undo window has passed.
    index('chat_sessions_deleted_idx').on(table.orgId, table.deletedAt).where(sql`${table.deletedAt} is not null`),
  ],
);

export const chatMessageRoles = ['user', 'assistant'] as const;
/**
 * complete; partial (stopped or failed after some text, kept); failed (no text arrived); streaming
 * (being written now, its text checkpointed about every second); interrupted (its server died
 * while streaming it: the text up to the last checkpoint, kept). See docs/decisions/015.
 */
export const chatMessageStatuses = ['complete', 'partial', 'failed', 'streaming', 'interrupted'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: chatMessageRoles }).notNull(),
    content: text('content').notNull(),
    modelId: text('model_id'),
    status: text('status', { enum: chatMessageStatuses }).notNull().default('complete'),
    /** Prompt estimate on a user message; input plus output tokens on a reply. */
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** While streaming: the server instance writing it (server_instances); null otherwise. */
    streamOwner: uuid('stream_owner'),
    /**
     * The message before this one in its branch; null for a conversation's first message. User
     * messages with the same parent are versions of one message (docs/decisions/054).
     */
    parentMessageId: uuid('parent_message_id').references((): AnyPgColumn => chatMessages.id, {
      onDelete: 'set null',
    }),
    /** A user message's place among its versions, from 1. */
    version: integer('version').notNull().default(1),
    /** Set on a version of a user message that is not the one shown: it and its later turns are hidden. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_messages_session_idx').on(table.orgId, table.sessionId, table.createdAt),
    index('chat_messages_parent_idx').on(table.parentMessageId),
    index('chat_messages_streaming_idx').on(table.streamOwner).where(sql`${table.status} = 'streaming'`),
  ],
);

/**
 * How a model call ended, as analytics count it: streaming (being written; counted in the usage
 * roll-ups once it ends); complete, partial, failed (as its reply ended; failed also when the
 * provider refused the call before answering); interrupted (its server died while writing it);
 * abandoned (given up before its first part for the backup, or stopped because the rows it belonged
 * to were refused). A reply served from the cache is complete. See docs/decisions/020.
 */
export const usageOutcomes = ['streaming', 'complete', 'partial', 'failed', 'interrupted', 'abandoned'] as const;
export type UsageOutcome = (typeof usageOutcomes)[number];

/** Why a model call's stream ended, as the gateway reports it ('length': cut off at its token limit). */
export const finishReasons = ['stop', 'length', 'content-filter', 'tool-calls', 'aborted', 'other'] as const;

/** What a model call was made for (docs/decisions/037): a chat reply, the cache's judge, a program through the API, a shadow evaluation. */
export const callSources = ['chat', 'cache-judge', 'api', 'shadow-evaluation'] as const;
export type CallSource = (typeof callSources)[number];

/** The deadline that stopped a model call (docs/decisions/038). */
export const passedDeadlines = ['headers', 'first_token', 'between_tokens'] as const;

/** One model call's tokens and cost: the seam to limits, analytics and billing. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Usage outlives the conversation it came from: deleting a chat must not erase spending.
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    modelId: text('model_id').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull(),
    costUsd: numeric('cost_usd', { precision: 24, scale: 12, mode: 'string' }).notNull(),
    latencyMs: integer('latency_ms').notNull(),
    timeToFirstTokenMs: integer('time_to_first_token_ms'),
    estimated: boolean('estimated').notNull().default(false),
    /** The same tokens at the reference model's prices (for a cache hit, the original reply's): "without the router". */
    referenceCostUsd: numeric('reference_cost_usd', { precision: 24, scale: 12, mode: 'string' })
      .notNull()
      .default('0'),
    cacheHit: boolean('cache_hit').notNull().default(false),
    /** The routing decision (selection_id) this call served; no foreign key, so tables stay in dependency order. */
    decisionId: uuid('decision_id'),
    outcome: text('outcome', { enum: usageOutcomes }).notNull().default('complete'),
    /** Paid with the instance's provider key: the organisation's wallet is debited its cost once it stops streaming (docs/decisions/022). */
    billedToWallet: boolean('billed_to_wallet').notNull().default(false),
    /** Why the call's stream ended; null while streaming, for cache hits and calls that never answered. */
    finishReason: text('finish_reason', { enum: finishReasons }),
    /** What the call was made for. */
    source: text('source', { enum: callSources }).notNull().default('chat'),
    /** The deadline that stopped the call, when one did. */
    deadline: text('deadline', { enum: passedDeadlines }),
    /** While streaming: the server instance writing it (server_instances), so a crash is accounted for (docs/decisions/015, 037). */
    streamOwner: uuid('stream_owner'),
    /** The organisation API key the call came with; null for the chat (docs/decisions/049). */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The price version the call was charged at (model_prices, docs/decisions/071); null for a model without one (the local model). */
    priceVersion: uuid('price_version').references(() => modelPrices.id),
    /**
     * The budget leases the call's room came from (docs/decisions/073): a lease counts what it
     * granted beyond the records written under it. No foreign keys: a returned lease is deleted.
     */
    limitLeaseId: uuid('limit_lease_id'),
    budgetLeaseId: uuid('budget_lease_id'),
    walletLeaseId: uuid('wallet_lease_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('usage_records_user_idx').on(table.orgId, table.userId, table.createdAt),
    index('usage_records_limit_lease_idx').on(table.limitLeaseId).where(sql`${table.limitLeaseId} is not null`),
    index('usage_records_budget_lease_idx').on(table.budgetLeaseId).where(sql`${table.budgetLeaseId} is not null`),
    index('usage_records_wallet_lease_idx').on(table.walletLeaseId).where(sql`${table.walletLeaseId} is not null`),
    index('usage_records_message_idx').on(table.messageId),
    // A key's spending this month (its budget) and every key's on the key lists.
    index('usage_records_api_key_idx')
      .on(table.orgId, table.apiKeyId, table.createdAt)
      .where(sql`${table.apiKeyId} is not null`),
    index('usage_records_streaming_idx').on(table.streamOwner).where(sql`${table.outcome} = 'streaming'`),
  ],
);

/** A rating of one reply; one per reply. Kept (detached) when the reply is deleted. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    modelId: text('model_id'),
    /** The routing decision rated (the reply's selection_id). */
    decisionId: uuid('decision_id'),
    rating: text('rating', { enum: ['positive', 'neutral', 'negative'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('feedback_message_unique').on(table.messageId),
    uniqueIndex('feedback_decision_unique').on(table.decisionId),
    index('feedback_org_idx').on(table.orgId, table.createdAt),
  ],
);

/**
 * An earlier answer of a reply that was asked again (regenerated, or its prompt edited and
 * resubmitted): the reply's row holds the newest; these hold the ones before it, with the prompt
 * each answered. Kept with the reply, deleted with it (docs/decisions/030).
 */
export const replyVersions = pgTable(
  'reply_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The user's message as it read when this answer was given. */
    prompt: text('prompt').notNull(),
    content: text('content').notNull(),
    modelId: text('model_id'),
    status: text('status', { enum: chatMessageStatuses }).notNull(),
    tokens: integer('tokens').notNull(),
    /** This answer's model call, for its cost and why it ended; kept when the record is. */
    usageId: uuid('usage_id').references(() => usageRecords.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 6 }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (table) => [index('reply_versions_message_idx').on(table.orgId, table.messageId, table.answeredAt)],
);

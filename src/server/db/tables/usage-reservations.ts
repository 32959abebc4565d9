import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organisations, users } from './organisations';

/**
 * Room a model call holds in its caller's monthly limits from before the model is asked until its
 * usage is recorded (docs/decisions/019). While it exists it counts instead of the usage record it
 * covers (or that record, if it grew past it); it is deleted when the reply ends, when the call
 * fails, and when the instance that made it is gone.
 */
export const usageReservations = pgTable(
  'usage_reservations',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    /** The usage record the call will write (chosen beforehand); no foreign key, it does not exist yet. */
    usageId: uuid('usage_id').notNull(),
    /** The prompt's tokens (with their margin) plus the reply's cap. */
    tokens: integer('tokens').notNull(),
    /** The reply's cap: what the model was asked for at most. */
    outputTokens: integer('output_tokens').notNull(),
    /** Those tokens at the model's prices, exact. */
    costUsd: numeric('cost_usd', { precision: 20, scale: 12, mode: 'string' }).notNull(),
    /** The server instance holding it (server_instances), so a dead instance's room is given back. */
    owner: uuid('owner').notNull(),
    /** The organisation API key the call came with, so its budget counts calls in progress; null for the chat. */
    apiKeyId: uuid('api_key_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('usage_reservations_user_idx').on(table.orgId, table.userId, table.modelId),
    index('usage_reservations_usage_idx').on(table.usageId),
    index('usage_reservations_api_key_idx').on(table.apiKeyId).where(sql`${table.apiKeyId} is not null`),
  ],
);

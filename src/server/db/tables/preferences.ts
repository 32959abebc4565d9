import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './organisations';

// Per-user preferences and system messages.

/** One row per user who changed a preference; absent means the defaults. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The snake_case preference fields as the API carries them, validated by the contract. */
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** Notices an organisation's admins post to its members. */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    type: text('type', { enum: ['info', 'success', 'warning', 'error'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('system_messages_org_idx').on(table.orgId, table.createdAt)],
);

export const systemMessageDismissals = pgTable(
  'system_message_dismissals',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => systemMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

export const systemMessageAudiences = ['everyone', 'billing'] as const;

/** Notices an organisation's admins post to its members, and the server's own to those who can act on them. */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    type: text('type', { enum: ['info', 'success', 'warning', 'error'] }).notNull(),
    /** Who reads it: everyone, or only people with the billing scope (spec section 6). */
    audience: text('audience', { enum: systemMessageAudiences }).notNull().default('everyone'),
    /** A server notice's occasion: posted once per occasion however many requests meet it. */
    occasion: text('occasion'),
    createdAt: createdAt(),
  },
  (table) => [
    index('system_messages_org_idx').on(table.orgId, table.createdAt),
    uniqueIndex('system_messages_occasion_unique').on(table.orgId, table.occasion),
  ],
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

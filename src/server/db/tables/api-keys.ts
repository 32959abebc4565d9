import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organisations, users } from './organisations';

export const apiKeyKinds = ['personal', 'service'] as const;

/**
 * Organisation API keys (docs/decisions/049). A key acts as `user_id`: its owner for a personal key,
 * or for a service key a service principal (a users row with status 'service', bound to the key's
 * role, that cannot sign in), so limits, usage and analytics work per user as they do for the chat.
 * Only the prefix (shown, looked up) and a keyed hash of the secret are kept; revoked keys stay,
 * so usage stays attributed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: apiKeyKinds }).notNull(),
    name: text('name').notNull(),
    /** The characters after `tw-`, unique across the instance: how a presented key is found. */
    prefix: text('prefix').notNull(),
    /** HMAC-SHA-256 of the secret part under a key derived from SECRET_KEY, hex. */
    secretHash: text('secret_hash').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUsername: text('created_by_username').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUsername: text('revoked_by_username'),
    /** Integer microdollars (1e-6 USD); null: no budget of its own. */
    monthlyBudgetMicrodollars: bigint('monthly_budget_microdollars', { mode: 'bigint' }),
    cacheEnabled: boolean('cache_enabled').notNull().default(true),
    /** Written at most once a minute per key, after the request (api-key-last-use.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('api_keys_prefix_unique').on(table.prefix),
    index('api_keys_org_user_idx').on(table.orgId, table.userId),
  ],
);

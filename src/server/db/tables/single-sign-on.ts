import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, roles, users } from './organisations';

// Single sign-on with an organisation's OpenID provider (docs/decisions/045).

/** An organisation's identity provider: one per organisation. */
export const singleSignOnConnections = pgTable(
  'sso_connections',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Typed at sign-in instead of an e-mail address; unique across the instance. */
    slug: text('slug').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed with the server key (AES-256-GCM), like organisations' provider keys. */
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    clientSecretHint: text('client_secret_hint').notNull(),
    /** The role people get at their first sign-in; null when it was deleted (the seeded Member role then). */
    defaultRoleId: uuid('default_role_id').references(() => roles.id, { onDelete: 'set null' }),
    groupsClaim: text('groups_claim'),
    enabled: boolean('enabled').notNull().default(true),
    enforced: boolean('enforced').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('sso_connections_slug_unique').on(sql`lower(${table.slug})`)],
);

/**
 * E-mail domains an organisation's identity provider signs people in for. Several organisations
 * may claim a domain; only one can prove it, and only a proven domain counts.
 */
export const singleSignOnDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Lower case, no trailing dot. */
    domain: text('domain').notNull(),
    /** The value of the TXT record that proves it. */
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by', { enum: ['dns', 'operator'] }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sso_domains_org_domain_unique').on(table.orgId, table.domain),
    uniqueIndex('sso_domains_verified_unique').on(table.domain).where(sql`${table.verifiedAt} is not null`),
  ],
);

/** A group of the identity provider (claim value or SCIM group name) and the role it gives, in order. */
export const singleSignOnGroupMappings = pgTable(
  'sso_group_mappings',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** The first mapping (lowest position) of a person's groups decides their role. */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.groupName] })],
);

/** Who a person is at the identity provider: its issuer and their subject, never the e-mail alone. */
export const singleSignOnIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sso_identities_subject_unique').on(table.orgId, table.issuer, table.subject),
    uniqueIndex('sso_identities_user_unique').on(table.userId),
  ],
);

/**
 * One sign-in through the identity provider, from the redirect to the tokens: its state, nonce and
 * PKCE verifier, bound to the browser that started it; then the one-time code that browser trades
 * for its tokens. Kept in the database so any instance can take the callback.
 */
export const singleSignOnAttempts = pgTable(
  'sso_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    /** Hash of the random value in the starting browser's cookie. */
    browserBindingHash: text('browser_binding_hash').notNull(),
    /** Sealed with the server key. */
    codeVerifierEncrypted: text('code_verifier_encrypted').notNull(),
    nonce: text('nonce').notNull(),
    /** What the person typed: the throttle counts failures against it. */
    identifier: text('identifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the callback used the state: once only. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sso_attempts_state_unique').on(table.stateHash),
    uniqueIndex('sso_attempts_handoff_unique').on(table.handoffHash),
    index('sso_attempts_expires_idx').on(table.expiresAt),
  ],
);

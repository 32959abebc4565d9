import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organisations, users } from './organisations';

// Sign-ins with their rotating refresh tokens, and single-use e-mail link tokens.

/** One sign-in: the family of rotating refresh tokens. Revoking it ends the sign-in everywhere. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** How the person signed in: with single sign-on, two-factor authentication is the identity provider's business. */
    signInMethod: text('sign_in_method', { enum: ['password', 'single_sign_on'] })
      .notNull()
      .default('password'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The pair this token was exchanged for, sealed with the server key, with the address that asked:
     * answered again to the same address within the reuse grace (docs/decisions/036).
     */
    successorSealed: text('successor_sealed'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash)],
);

/**
 * Failed (or still running) login attempts, for the login throttle on every instance
 * (docs/decisions/035). Instance-wide, not tenant data: the username is unknown until checked, so
 * only a hash of it is kept. Rows past the throttle's window are deleted as new ones come.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usernameHash: text('username_hash').notNull(),
    clientAddress: text('client_address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('login_failures_username_idx').on(table.usernameHash, table.failedAt),
    index('login_failures_address_idx').on(table.clientAddress, table.failedAt),
    index('login_failures_failed_at_idx').on(table.failedAt),
  ],
);

export const oneTimeTokenPurposes = ['verify_email', 'activate', 'reset_password'] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

/** E-mail links: single use, hashed at rest, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimeTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('one_time_tokens_hash_unique').on(table.tokenHash)],
);

/**
 * Two-factor recovery codes: each signs in once in place of an authenticator code. Stored as a
 * keyed hash of the code (docs/decisions/042); a new set replaces the old one.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('two_factor_recovery_codes_hash_unique').on(table.userId, table.codeHash),
    index('two_factor_recovery_codes_org_idx').on(table.orgId),
  ],
);

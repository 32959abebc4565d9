import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Scope } from '../../../contracts';
import { createdAt, updatedAt } from './columns';

/** Organisations, their roles with per-model limits, and their users. */
export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  domain: text('domain'),
  size: text('size'),
  industry: text('industry'),
  contactEmail: text('contact_email'),
  subscriptionTier: text('subscription_tier').notNull().default('free'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const seededRoleKeys = ['admin', 'member', 'user-manager', 'model-manager', 'billing-manager'] as const;
export type SeededRoleKey = (typeof seededRoleKeys)[number];

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Which of the roles every organisation starts with this one is; null for roles an admin made. The seeded Admin role cannot be deleted. */
    seededAs: text('seeded_as', { enum: seededRoleKeys }),
    /** Whether a reply may be shortened to what is left of a monthly limit instead of refused (docs/decisions/051). */
    shortenRepliesToFit: boolean('shorten_replies_to_fit').notNull().default(false),
    /** What the role may do in the administration areas (spec section 6), stored so a rename changes nothing (docs/decisions/059). */
    scopes: text('scopes').array().$type<Scope[]>().notNull().default(sql`'{}'::text[]`),
    /** Every limit of the role at the largest safe integer (spec section 5), stored rather than read from the name. */
    unlimited: boolean('unlimited').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('roles_org_name_unique').on(table.orgId, sql`lower(${table.name})`),
    uniqueIndex('roles_org_seeded_unique').on(table.orgId, table.seededAs).where(sql`${table.seededAs} is not null`),
  ],
);

/**
 * Per-model limits of a role (spec section 3). Roles storing the admin scope have every model by rule
 * and no rows; other unlimited roles have rows with every limit at the largest safe integer
 * (docs/decisions/059: the stored scopes and flag decide, never the name).
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    // Wide enough for an unlimited role's Number.MAX_SAFE_INTEGER (spec section 5).
    maxTokensPerRequest: bigint('max_tokens_per_request', { mode: 'number' }).notNull(),
    monthlyTokenLimit: bigint('monthly_token_limit', { mode: 'number' }).notNull(),
    costLimit: numeric('cost_limit', { precision: 20, scale: 4, mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.modelId] })],
);

/**
 * 'deactivated': the organisation's directory turned the person off (SCIM active=false); they can be
 * turned on again. 'disabled': removed from the organisation. Only 'active' may authenticate
 * (src/server/users/account-standing.ts). 'service': not a person but the principal of a service API
 * key (docs/decisions/049): it never signs in, is left out of the people lists and counts, and is
 * 'disabled' once its key is revoked.
 */
export const userStatuses = [
  'pending_verification',
  'pending_activation',
  'active',
  'deactivated',
  'disabled',
  'service',
] as const;
export type UserStatus = (typeof userStatuses)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null until the person sets a password at activation. */
    passwordHash: text('password_hash'),
    status: text('status', { enum: userStatuses }).notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When a link to verify the address was last e-mailed; null for people an admin gave a password, who were sent none. */
    verificationEmailSentAt: timestamp('verification_email_sent_at', { withTimezone: true }),
    gdprConsentAt: timestamp('gdpr_consent_at', { withTimezone: true }),
    /** TOTP secrets are stored encrypted with the server key. */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpPendingSecretEncrypted: text('totp_pending_secret_encrypted'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last accepted TOTP time step, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_org_idx').on(table.orgId),
  ],
);

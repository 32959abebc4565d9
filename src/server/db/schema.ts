import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('roles_org_name_unique').on(table.orgId, sql`lower(${table.name})`)],
);

/** Per-model limits of a role (spec section 3). Admin-named roles are unlimited by rule, not by rows. */
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
    maxTokensPerRequest: integer('max_tokens_per_request').notNull(),
    monthlyTokenLimit: integer('monthly_token_limit').notNull(),
    costLimit: numeric('cost_limit', { precision: 14, scale: 4, mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.modelId] })],
);

export const userStatuses = ['pending_verification', 'pending_activation', 'active', 'disabled'] as const;
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
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash)],
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

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: doublePrecision('price').notNull(),
  currency: text('currency').notNull(),
  billingCycle: text('billing_cycle').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isPublic: boolean('is_public').notNull().default(true),
});

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
  },
  (table) => [index('chat_sessions_user_idx').on(table.orgId, table.userId, table.updatedAt)],
);

export const chatMessageRoles = ['user', 'assistant'] as const;
/** complete; partial (stopped or failed after some text, kept); failed (no text arrived). */
export const chatMessageStatuses = ['complete', 'partial', 'failed'] as const;

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
  },
  (table) => [index('chat_messages_session_idx').on(table.orgId, table.sessionId, table.createdAt)],
);

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
    costUsd: numeric('cost_usd', { precision: 18, scale: 10, mode: 'number' }).notNull(),
    latencyMs: integer('latency_ms').notNull(),
    timeToFirstTokenMs: integer('time_to_first_token_ms'),
    estimated: boolean('estimated').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('usage_records_user_idx').on(table.orgId, table.userId, table.createdAt),
    index('usage_records_message_idx').on(table.messageId),
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
    rating: text('rating', { enum: ['positive', 'neutral', 'negative'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('feedback_message_unique').on(table.messageId), index('feedback_org_idx').on(table.orgId, table.createdAt)],
);

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

/** An organisation's own provider credentials; they take precedence over the instance's. */
export const organisationProviderKeys = pgTable(
  'organisation_provider_keys',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['openai', 'anthropic', 'google', 'openai-compatible'] }).notNull(),
    /** Sealed with the server key (AES-256-GCM); null for a compatible server without a key. */
    apiKeyEncrypted: text('api_key_encrypted'),
    keyHint: text('key_hint'),
    baseUrl: text('base_url'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.provider] })],
);

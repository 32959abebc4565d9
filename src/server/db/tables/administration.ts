import { boolean, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './organisations';

/** An organisation's settings (spec section 3); no row means section 9's defaults. */
export const organisationSettings = pgTable('organisation_settings', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** A catalog model id; null lets the router choose. */
  defaultModel: text('default_model'),
  enableLogging: boolean('enable_logging').notNull(),
  /** On for rows written without it: organisations start with the audit log on (issue 21). */
  enableAudit: boolean('enable_audit').notNull().default(true),
  retentionPeriodDays: integer('retention_period_days').notNull(),
  maxTokensPerRequest: integer('max_tokens_per_request').notNull(),
  defaultTemperature: numeric('default_temperature', { precision: 3, scale: 2, mode: 'number' }).notNull(),
  require2fa: boolean('require_2fa').notNull(),
  sessionTimeoutMinutes: integer('session_timeout_minutes').notNull(),
  /** Addresses and CIDR networks; empty allows every address. */
  ipRestrictions: text('ip_restrictions').array().notNull(),
  /** Lower-case e-mail domains; empty allows every domain. */
  allowedDomains: text('allowed_domains').array().notNull(),
  logoUrl: text('logo_url'),
  primaryColor: text('primary_color').notNull(),
  applicationName: text('application_name').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every administrative change, written in the transaction that makes it: who (id, and the name
 * then, which outlives a rename), what, when, and the values before and after (no secrets).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_entries_org_created_idx').on(table.orgId, table.createdAt)],
);

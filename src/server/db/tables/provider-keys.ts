import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { organisations } from './organisations';

// Organisations' own provider credentials, sealed at rest.

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

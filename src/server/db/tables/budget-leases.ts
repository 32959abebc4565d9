import { bigint, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organisations } from './organisations';

/** What a lease holds room in: a person's monthly limits on one model, an API key's monthly budget, or the wallet. */
export const budgetLeaseKinds = ['limit', 'key-budget', 'wallet'] as const;
export type BudgetLeaseKind = (typeof budgetLeaseKinds)[number];

/**
 * Room one server instance holds in a budget, to take its calls' holds from memory
 * (docs/decisions/073): while it exists, what it grants counts as taken beyond the usage records
 * written under it (`usage_records.*_lease_id`), so the room of every live lease together never
 * exceeds what is left. Returned when idle and at shutdown; a gone instance's leases are deleted
 * with its other holds. Its scope: the user and model of a limit, the key of a budget, the
 * organisation of the wallet; monthly scopes name the month they were claimed in.
 */
export const budgetLeases = pgTable(
  'budget_leases',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: budgetLeaseKinds }).notNull(),
    /** The person (a limit); no foreign key: the lease goes with its instance, not its person. */
    userId: uuid('user_id'),
    modelId: text('model_id'),
    apiKeyId: uuid('api_key_id'),
    /** The first day of the month a limit or key budget was claimed in; null for the wallet. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    /** Tokens granted (a limit on tokens); null when the scope counts no tokens. */
    tokens: bigint('tokens', { mode: 'bigint' }),
    /** Dollars granted, exact; null when the scope counts no money. */
    costUsd: numeric('cost_usd', { precision: 24, scale: 12, mode: 'string' }),
    /** The server instance holding it (server_instances). */
    owner: uuid('owner').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('budget_leases_scope_idx').on(table.orgId, table.kind, table.userId, table.modelId),
    index('budget_leases_owner_idx').on(table.owner),
  ],
);

import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { organisations } from './organisations';

/**
 * Each organisation's online router (docs/decisions/047, 068): the learner's state as one JSON
 * object (checked by its zod schema when read), written with every label it learns. `version`
 * grows by one a write, so an instance can tell that its in-memory copy is behind.
 */
export const organisationRouterStates = pgTable('organisation_router_states', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  state: jsonb('state').notNull(),
  /** Labels learned since the last reset (the state's own count, kept beside it for reading without parsing). */
  labels: integer('labels').notNull().default(0),
  version: integer('version').notNull().default(0),
  /** When the state first held enough labels to choose a threshold (docs/decisions/047); null: not yet. */
  decidingSince: timestamp('deciding_since', { withTimezone: true }),
  updatedAt: updatedAt(),
});

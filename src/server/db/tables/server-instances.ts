import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The server processes using this database, each with a heartbeat: a reply left streaming by an
 * instance that is gone (no row, or a stale heartbeat) was interrupted (docs/decisions/015).
 * Instance-wide, not tenant data.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

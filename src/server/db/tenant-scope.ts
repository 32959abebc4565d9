import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one way data access filters by organisation: every query that reads or changes tenant data
 * builds its where-clause here, so nothing is ever fetched by id alone.
 */
export function inOrganisation(orgIdColumn: PgColumn, orgId: string, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(orgIdColumn, orgId), ...conditions) as SQL;
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../../src/server/db/database';
import type { RunningServer } from '../../../src/server/server';

/**
 * What is still held for an organisation's calls once every call has ended: reservations (of
 * servers before budget leases) and leases (docs/decisions/073). The servers first return every
 * lease that no call holds; a lease with a call still holding it (a hold never given back) stays,
 * so a leak shows here as a lease that could not be returned.
 */
export async function roomStillHeld(
  servers: readonly Pick<RunningServer, 'leases'>[],
  db: Executor,
  orgId: string,
): Promise<{ limits: number; wallet: number }> {
  for (const server of servers) await server.leases.returnIdle(0);
  const result = (await db.execute(sql`
    select (select count(*) from usage_reservations where org_id = ${orgId})::integer
             + (select count(*) from budget_leases where org_id = ${orgId} and kind <> 'wallet')::integer as limits,
           (select count(*) from wallet_reservations where org_id = ${orgId})::integer
             + (select count(*) from budget_leases where org_id = ${orgId} and kind = 'wallet')::integer as wallet`)) as unknown as {
    rows: { limits: number; wallet: number }[];
  };
  return result.rows[0]!;
}

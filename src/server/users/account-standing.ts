import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users, type UserStatus } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/**
 * The one rule every way in asks of an account: only an active one may authenticate. Not one
 * still pending, deactivated by the organisation's directory (SCIM active=false), or removed.
 * Password sign-in, refresh and every signed-in request check `status = 'active'` in their own
 * statements (login-service.ts, refresh-service.ts, session-repository.ts); single sign-on and SCIM call this; API
 * keys, when they come, call `mayAccountAuthenticate` with the key's user.
 */
export function mayAuthenticate(status: UserStatus): boolean {
  return status === 'active';
}

/** Whether the person may authenticate right now, read from the database (one primary-key read). */
export async function mayAccountAuthenticate(executor: Executor, orgId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ status: users.status })
    .from(users)
    .where(inOrganisation(users.orgId, orgId, eq(users.id, userId)));
  return row !== undefined && mayAuthenticate(row.status);
}

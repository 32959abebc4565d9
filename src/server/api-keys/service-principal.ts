import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { displayPrefix } from './api-key-secrets';

/**
 * The user a service key acts as (docs/decisions/049): a row of `users` with status 'service', the
 * key's role and no password, so the limits, usage records and analytics that work per user work
 * for the key unchanged, while sign-in, password reset and every people list and count leave it
 * out (they take only active people). Its name is the key's prefix, so usage lists can tell it.
 */
export async function insertServicePrincipal(
  db: Executor,
  values: { orgId: string; roleId: string; prefix: string; keyName: string },
): Promise<string> {
  const name = `service-key-${displayPrefix(values.prefix)}`;
  const [row] = await db
    .insert(users)
    .values({
      orgId: values.orgId,
      roleId: values.roleId,
      username: name,
      // A reserved top-level domain: nothing is ever sent there.
      email: `${name}@service-keys.invalid`,
      status: 'service',
      firstName: values.keyName,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('Creating a service principal returned no row');
  return row.id;
}

/** A revoked service key's principal is disabled, like a removed person: it stays for the usage history. */
export async function disableServicePrincipal(db: Executor, orgId: string, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ status: 'disabled', updatedAt: new Date() })
    .where(inOrganisation(users.orgId, orgId, and(eq(users.id, userId), eq(users.status, 'service'))));
}

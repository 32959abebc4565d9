import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/database';
import { organisationSettings, rolePermissions, roles, users } from '../../../src/server/db/schema';

/**
 * Administrative calls the fuzzer makes can take away what the rest of its run relies on: a
 * member removed (their sign-in ends), a role emptied of models (their chats are refused), the
 * admin demoted. After each that succeeds, the organisation's people, roles, permissions and
 * settings go back to how they were, behind the server's back, as an operator could.
 */
export const disruptiveOperations = new Set([
  'DELETE /org/{orgId}/users/{userId}',
  'PUT /org/{orgId}/users/{userId}/role',
  'POST /roles/assign',
  'PUT /roles/{roleId}',
  'DELETE /roles/{roleId}',
  'PUT /org/{orgId}/settings',
]);

export type AdministrationSnapshot = Awaited<ReturnType<typeof administrationSnapshot>>;

export async function administrationSnapshot(db: Database, orgId: string) {
  return {
    users: await db
      .select({ id: users.id, roleId: users.roleId, status: users.status })
      .from(users)
      .where(eq(users.orgId, orgId)),
    roles: await db.select().from(roles).where(eq(roles.orgId, orgId)),
    permissions: await db.select().from(rolePermissions).where(eq(rolePermissions.orgId, orgId)),
    settings: await db.select().from(organisationSettings).where(eq(organisationSettings.orgId, orgId)),
  };
}

export async function restoreAdministration(
  db: Database,
  orgId: string,
  snapshot: AdministrationSnapshot,
  keeperRoleId: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const knownUserIds = snapshot.users.map((user) => user.id);
    const knownRoleIds = snapshot.roles.map((role) => role.id);
    // Names first moved aside, and deleted roles back under such a name, so no name meets another's.
    const asideName = (roleId: string) => `restoring ${roleId}`;
    const present = new Set(
      (await transaction.select({ id: roles.id }).from(roles).where(eq(roles.orgId, orgId))).map((role) => role.id),
    );
    for (const role of snapshot.roles) {
      if (present.has(role.id))
        await transaction
          .update(roles)
          .set({ name: asideName(role.id) })
          .where(eq(roles.id, role.id));
      else await transaction.insert(roles).values({ ...role, name: asideName(role.id) });
    }
    for (const user of snapshot.users)
      await transaction.update(users).set({ roleId: user.roleId, status: user.status }).where(eq(users.id, user.id));
    // People the run created keep a role that stays; roles it created go.
    await transaction
      .update(users)
      .set({ roleId: keeperRoleId })
      .where(and(eq(users.orgId, orgId), notInArray(users.id, knownUserIds), notInArray(users.roleId, knownRoleIds)));
    await transaction.delete(roles).where(and(eq(roles.orgId, orgId), notInArray(roles.id, knownRoleIds)));
    for (const role of snapshot.roles)
      await transaction
        .update(roles)
        .set({ name: role.name, description: role.description, scopes: role.scopes, unlimited: role.unlimited })
        .where(eq(roles.id, role.id));
    await transaction.delete(rolePermissions).where(eq(rolePermissions.orgId, orgId));
    if (snapshot.permissions.length > 0) await transaction.insert(rolePermissions).values(snapshot.permissions);
    await transaction.delete(organisationSettings).where(eq(organisationSettings.orgId, orgId));
    if (snapshot.settings.length > 0) await transaction.insert(organisationSettings).values(snapshot.settings);
  });
}

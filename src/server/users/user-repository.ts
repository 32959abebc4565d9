import { and, eq, sql } from 'drizzle-orm';
import { grantedScopes, type User } from '../../contracts';
import type { Executor } from '../db/database';
import { organisations, roles, users } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

const userColumns = {
  id: users.id,
  orgId: users.orgId,
  orgName: organisations.name,
  roleId: users.roleId,
  roleName: roles.name,
  roleScopes: roles.scopes,
  roleUnlimited: roles.unlimited,
  username: users.username,
  email: users.email,
  status: users.status,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
  verificationEmailSentAt: users.verificationEmailSentAt,
  totpEnabled: users.totpEnabled,
  totpSecretEncrypted: users.totpSecretEncrypted,
  totpPendingSecretEncrypted: users.totpPendingSecretEncrypted,
  totpLastStep: users.totpLastStep,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  createdAt: users.createdAt,
};

export type UserRecord = Awaited<ReturnType<typeof selectUsers>>[number];

function selectUsers(db: Executor) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.orgId, users.orgId)));
}

/**
 * Login is the one place a user is looked up across organisations: usernames are unique across
 * the instance, and the user's own organisation is read from the row that matches.
 */
export async function findUserForLogin(db: Executor, username: string): Promise<UserRecord | undefined> {
  const [user] = await selectUsers(db).where(sql`lower(${users.username}) = lower(${username})`);
  return user;
}

/** Password reset starts from an e-mail address alone, so it is unscoped for the same reason. */
export async function findUserByEmailForReset(db: Executor, email: string): Promise<UserRecord | undefined> {
  const [user] = await selectUsers(db).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
}

export async function findUser(db: Executor, orgId: string, userId: string): Promise<UserRecord | undefined> {
  const [user] = await selectUsers(db).where(inOrganisation(users.orgId, orgId, eq(users.id, userId)));
  return user;
}

export async function findTakenIdentity(
  db: Executor,
  username: string,
  email: string,
): Promise<{ usernameTaken: boolean; emailTaken: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  return {
    usernameTaken: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    emailTaken: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function updateUser(
  db: Executor,
  orgId: string,
  userId: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(inOrganisation(users.orgId, orgId, eq(users.id, userId)));
}

/** The profile shape of spec section 3; never carries secrets. */
export function presentUser(user: UserRecord, twoFactorSetupRequired = false): User {
  return {
    id: user.id,
    user_id: user.id,
    org_id: user.orgId,
    orgId: user.orgId,
    org_name: user.orgName,
    username: user.username,
    email: user.email,
    // Spec section 3 names the value 'admin'; the web app decides nothing from it (docs/decisions/059).
    role: user.roleName.toLowerCase(),
    role_id: user.roleId,
    scopes: grantedScopes({ scopes: user.roleScopes }),
    email_verified: user.emailVerifiedAt !== null,
    email_verification_sent: user.verificationEmailSentAt !== null,
    two_factor_enabled: user.totpEnabled,
    two_factor_setup_required: twoFactorSetupRequired,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    created_at: user.createdAt.toISOString(),
  };
}

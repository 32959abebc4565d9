import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { singleSignOnIdentities } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

/** The person this subject of this issuer is, in this organisation only. */
export async function findIdentity(
  db: Executor,
  orgId: string,
  issuer: string,
  subject: string,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: singleSignOnIdentities.id, userId: singleSignOnIdentities.userId })
    .from(singleSignOnIdentities)
    .where(
      inOrganisation(
        singleSignOnIdentities.orgId,
        orgId,
        eq(singleSignOnIdentities.issuer, issuer),
        eq(singleSignOnIdentities.subject, subject),
      ),
    );
  return row;
}

export async function findIdentityOfUser(db: Executor, orgId: string, userId: string) {
  const [row] = await db
    .select({ issuer: singleSignOnIdentities.issuer, subject: singleSignOnIdentities.subject })
    .from(singleSignOnIdentities)
    .where(inOrganisation(singleSignOnIdentities.orgId, orgId, eq(singleSignOnIdentities.userId, userId)));
  return row;
}

/** Links the person to the subject (a person has one identity: the unique index refuses a second). */
export async function linkIdentity(
  db: Executor,
  values: { orgId: string; userId: string; issuer: string; subject: string },
): Promise<void> {
  await db.insert(singleSignOnIdentities).values({ ...values, lastSignInAt: new Date() });
}

export async function recordIdentitySignIn(db: Executor, orgId: string, identityId: string): Promise<void> {
  await db
    .update(singleSignOnIdentities)
    .set({ lastSignInAt: new Date() })
    .where(inOrganisation(singleSignOnIdentities.orgId, orgId, eq(singleSignOnIdentities.id, identityId)));
}

export async function deleteIdentityOfUser(db: Executor, orgId: string, userId: string): Promise<void> {
  await db
    .delete(singleSignOnIdentities)
    .where(inOrganisation(singleSignOnIdentities.orgId, orgId, eq(singleSignOnIdentities.userId, userId)));
}

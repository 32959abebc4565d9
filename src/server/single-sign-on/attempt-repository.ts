import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { authSessions, singleSignOnAttempts } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

export type AttemptRecord = typeof singleSignOnAttempts.$inferSelect;

export async function insertAttempt(
  db: Executor,
  values: Pick<
    typeof singleSignOnAttempts.$inferInsert,
    'orgId' | 'stateHash' | 'browserBindingHash' | 'codeVerifierEncrypted' | 'nonce' | 'identifier' | 'expiresAt'
  >,
): Promise<void> {
  await db.insert(singleSignOnAttempts).values(values);
}

/**
 * Takes the attempt a callback's state names, once: a second callback with the same state (a
 * replayed code) finds it taken. Expired or unknown states give undefined too.
 */
export async function takeAttemptByState(
  db: Executor,
  stateHash: string,
  at: Date,
): Promise<AttemptRecord | undefined> {
  const [row] = await db
    .update(singleSignOnAttempts)
    .set({ callbackAt: at })
    .where(
      and(
        eq(singleSignOnAttempts.stateHash, stateHash),
        isNull(singleSignOnAttempts.callbackAt),
        gt(singleSignOnAttempts.expiresAt, at),
      ),
    )
    .returning();
  return row;
}

export async function attachHandoff(
  db: Executor,
  orgId: string,
  attemptId: string,
  values: { userId: string; handoffHash: string; handoffExpiresAt: Date },
): Promise<void> {
  await db
    .update(singleSignOnAttempts)
    .set(values)
    .where(inOrganisation(singleSignOnAttempts.orgId, orgId, eq(singleSignOnAttempts.id, attemptId)));
}

/** Spends the handoff code once, while it is fresh, and only for the browser the sign-in started in. */
export async function takeHandoff(
  db: Executor,
  hashes: { handoffHash: string; browserBindingHash: string },
  at: Date,
): Promise<AttemptRecord | undefined> {
  const [row] = await db
    .update(singleSignOnAttempts)
    .set({ handoffUsedAt: at })
    .where(
      and(
        eq(singleSignOnAttempts.handoffHash, hashes.handoffHash),
        eq(singleSignOnAttempts.browserBindingHash, hashes.browserBindingHash),
        isNull(singleSignOnAttempts.handoffUsedAt),
        gt(singleSignOnAttempts.handoffExpiresAt, at),
      ),
    )
    .returning();
  return row;
}

/** Attempts long past their expiry are of no use to anyone: cleared as new ones start. */
export async function deleteStaleAttempts(db: Executor, before: Date): Promise<void> {
  await db.delete(singleSignOnAttempts).where(lt(singleSignOnAttempts.expiresAt, before));
}

/** Marks a sign-in the session service just issued as one made through the identity provider. */
export async function markSessionSignedInWithSingleSignOn(db: Executor, orgId: string, sessionId: string) {
  await db
    .update(authSessions)
    .set({ signInMethod: 'single_sign_on' })
    .where(inOrganisation(authSessions.orgId, orgId, eq(authSessions.id, sessionId)));
}

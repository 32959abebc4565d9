import { count, eq, isNull, min, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { twoFactorRecoveryCodes } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';

type Person = { orgId: string; userId: string };
const ofPerson = (person: Person, ...more: SQL[]) =>
  inOrganisation(twoFactorRecoveryCodes.orgId, person.orgId, eq(twoFactorRecoveryCodes.userId, person.userId), ...more);

/** Puts a new set of (hashed) codes in place of the person's earlier ones, used or not. */
export async function replaceRecoveryCodes(db: Executor, person: Person, codeHashes: readonly string[]): Promise<void> {
  await deleteRecoveryCodes(db, person);
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ ...person, codeHash })));
}

export async function deleteRecoveryCodes(db: Executor, person: Person): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(ofPerson(person));
}

/** Spends a code: once only, even for two sign-ins at the same moment (a conditional update). */
export async function consumeRecoveryCode(
  db: Executor,
  person: Person,
  codeHash: string,
  now = new Date(),
): Promise<boolean> {
  const spent = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(ofPerson(person, eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0;
}

/** How many of the person's codes are left, of how many, and when the set was made (null: none yet). */
export async function countRecoveryCodes(
  db: Executor,
  person: Person,
): Promise<{ remaining: number; total: number; createdAt: Date | null }> {
  const [row] = await db
    .select({
      total: count(),
      remaining: sql<string>`count(*) filter (where ${twoFactorRecoveryCodes.usedAt} is null)`,
      createdAt: min(twoFactorRecoveryCodes.createdAt),
    })
    .from(twoFactorRecoveryCodes)
    .where(ofPerson(person));
  return { remaining: Number(row?.remaining ?? 0), total: Number(row?.total ?? 0), createdAt: row?.createdAt ?? null };
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../db/schema';
import { createOpaqueToken, hashOpaqueToken } from './opaque-tokens';

/** Lifetimes of e-mail links. */
export const oneTimeTokenLifetimeMinutes: Record<OneTimeTokenPurpose, number> = {
  verify_email: 48 * 60,
  activate: 48 * 60,
  reset_password: 60,
};

/** Issues a link token; earlier unused tokens of the same purpose stop working. */
export async function issueOneTimeToken(
  db: Executor,
  values: { orgId: string; userId: string; purpose: OneTimeTokenPurpose },
  now = new Date(),
): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, values.userId),
        eq(oneTimeTokens.purpose, values.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const { token, tokenHash } = createOpaqueToken();
  const expiresAt = new Date(now.getTime() + oneTimeTokenLifetimeMinutes[values.purpose] * 60_000);
  await db.insert(oneTimeTokens).values({ ...values, tokenHash, expiresAt });
  return token;
}

/**
 * Spends a link token: succeeds once, for the right purpose, before expiry. The conditional
 * update makes two concurrent uses impossible.
 */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  purpose: OneTimeTokenPurpose,
  now = new Date(),
): Promise<{ orgId: string; userId: string } | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOpaqueToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ orgId: oneTimeTokens.orgId, userId: oneTimeTokens.userId });
  return row;
}

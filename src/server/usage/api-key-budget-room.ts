import { eq } from 'drizzle-orm';
import { readApiKeySpend } from '../api-keys/api-key-spend';
import type { Executor } from '../db/database';
import { apiKeys } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { grantCall, type TokenPrices } from './limit-arithmetic';

// An API key's monthly budget as room for model calls (docs/decisions/049, 055): held like a
// person's monthly cost limit, in the transaction that reserves the call, under the key's lock.

/** What the key has taken this month (recorded plus held) against its budget, in picodollars. */
export interface ApiKeyBudgetRoom {
  keyId: string;
  budgetPicodollars: bigint;
  takenPicodollars: bigint;
}

/**
 * Locks the key's row until the transaction ends (after the user's lock, before the wallet's: the
 * one order they are taken in), so concurrent calls on one key, on any instance, are decided one
 * after another; then reads its spend this month and what calls in progress hold.
 */
export async function lockApiKeyBudgetRoom(
  transaction: Executor,
  orgId: string,
  key: { id: string; budgetPicodollars: bigint },
  now: Date,
): Promise<ApiKeyBudgetRoom> {
  await transaction
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(inOrganisation(apiKeys.orgId, orgId, eq(apiKeys.id, key.id)))
    .for('no key update');
  const spend = await readApiKeySpend(transaction, orgId, key.id, now);
  return {
    keyId: key.id,
    budgetPicodollars: key.budgetPicodollars,
    takenPicodollars: spend.recordedPicodollars + spend.heldPicodollars,
  };
}

export type BudgetGrant = { granted: true; outputTokens: number; costPicodollars: bigint } | { granted: false };

/**
 * How much of the reply the key's budget leaves room for: the prompt's held tokens and the reply's
 * cap cut to what is left. Granted room is taken from `room` at once, so a backup held in the same
 * transaction sees it gone.
 */
export function grantFromBudget(
  room: ApiKeyBudgetRoom,
  call: { prices: TokenPrices; inputTokens: number; outputCap: number },
): BudgetGrant {
  const grant = grantCall({
    limits: { costPicodollars: room.budgetPicodollars },
    taken: { tokens: 0n, costPicodollars: room.takenPicodollars },
    prices: call.prices,
    inputTokens: call.inputTokens,
    outputCap: call.outputCap,
    shortenToFit: true,
  });
  if (!grant.granted) return { granted: false };
  room.takenPicodollars += grant.costPicodollars;
  return { granted: true, outputTokens: grant.outputTokens, costPicodollars: grant.costPicodollars };
}

import { sql } from 'drizzle-orm';
import { inOrganisation } from '../db/tenant-scope';
import type { Executor } from '../db/database';
import { walletReservations, wallets } from '../db/schema';
import { lockWallet, reservedAgainstWallet } from '../wallet/ledger-repository';
import { parsePicodollars } from '../../money';
import { grantCall, type TokenPrices } from './limit-arithmetic';
import { walletLeasesBeyondDebits } from '../db/budget-lease-sums';

/** What the wallet has for new calls: the balance less what calls in progress hold, exactly. */
export interface WalletRoom {
  availablePicodollars: bigint;
}

/**
 * Locks the organisation's wallet for the rest of the transaction and reads what it has for new
 * calls (docs/decisions/022). Taken after the user's lock (decision 019), the only order the two
 * are ever taken in. Debits take the same lock (custom migration 0015), so a reservation and the
 * debits that free room are decided one after another on every instance.
 */
export async function lockWalletRoom(transaction: Executor, orgId: string): Promise<WalletRoom> {
  // One statement on the path before every paid model call: the lock and the held sum together.
  const [found] = await transaction
    .select({
      balance: wallets.balance,
      held: sql<string>`((select coalesce(sum(${walletReservations.amount}), 0) from ${walletReservations} where ${walletReservations.orgId} = ${orgId}) + ${walletLeasesBeyondDebits(orgId)})::text`,
    })
    .from(wallets)
    .where(inOrganisation(wallets.orgId, orgId))
    .for('no key update', { of: wallets });
  if (found) return { availablePicodollars: parsePicodollars(found.balance) - parsePicodollars(found.held) };
  // An organisation's first paid call: its wallet is made here (and is empty).
  const wallet = await lockWallet(transaction, orgId);
  return {
    availablePicodollars:
      parsePicodollars(wallet.balance) - parsePicodollars(await reservedAgainstWallet(transaction, orgId)),
  };
}

export type WalletGrant = { granted: true; outputTokens: number; costPicodollars: bigint } | { granted: false };

/**
 * How much of the reply the wallet can pay for: its input tokens (with their margin) and as many
 * output tokens as `outputCap` and the room allow, taken from `room`. Refused when not even one
 * output token fits, like a cost limit (decision 019).
 */
export function grantFromWallet(
  room: WalletRoom,
  call: { prices: TokenPrices; inputTokens: number; outputCap: number },
): WalletGrant {
  const grant = grantCall({
    limits: { costPicodollars: room.availablePicodollars },
    taken: { tokens: 0n, costPicodollars: 0n },
    prices: call.prices,
    inputTokens: call.inputTokens,
    outputCap: call.outputCap,
  });
  if (!grant.granted) return { granted: false };
  room.availablePicodollars -= grant.costPicodollars;
  return { granted: true, outputTokens: grant.outputTokens, costPicodollars: grant.costPicodollars };
}

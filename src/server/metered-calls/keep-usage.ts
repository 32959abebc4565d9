import { parsePicodollars } from '../../money';
import type { LeaseHold } from '../usage/budget-lease-book';
import type { MeteredCallsDependencies } from './metered-dependencies';
import { saveUsageRecord, type NewUsageRecord } from './usage-record-repository';

type Dependencies = Pick<MeteredCallsDependencies, 'db' | 'logger' | 'wallet' | 'leases'>;

/**
 * A call's usage is on the books and no longer streaming: when the wallet paid for it, the debit
 * the database just made may have asked for an auto-reload, charged now in the background. Every
 * path that records a paid call ends here (decision 022's reload used to follow complete replies only).
 */
export function usageRecorded(dependencies: Dependencies, record: NewUsageRecord): void {
  if (record.outcome === 'streaming') return;
  const cost = parsePicodollars(record.costUsd);
  // What it used counts in its leases from now on (docs/decisions/073): as tokens and money in a
  // limit's, as money in a key budget's, and in the wallet's once the wallet is debited it.
  const tokens = BigInt(record.inputTokens + record.outputTokens);
  dependencies.leases.recorded([record.limitLeaseId, record.budgetLeaseId, record.walletLeaseId], (leaseId) => {
    if (leaseId === record.limitLeaseId) return { tokens, costPicodollars: cost };
    if (leaseId === record.budgetLeaseId) return { tokens: 0n, costPicodollars: cost };
    return record.billedToWallet ? { tokens: 0n, costPicodollars: cost } : undefined;
  });
  if (record.billedToWallet && cost > 0n) dependencies.wallet?.usageRecorded(record.orgId);
}

/**
 * Saves a model call's usage on its own, when the rows it belonged to could not be written (the
 * user's message refused, the chat deleted meanwhile, the sign-in ended): the provider may bill
 * the call all the same, and role limits count it. One statement outside the transaction that
 * failed, holding ids and numbers but none of the conversation's text, and linking only rows that
 * exist, so what refused those rows cannot refuse it. Never throws (it runs on paths already
 * answering an error); answers whether the record was saved.
 */
export async function keepUsage(dependencies: Dependencies, record: NewUsageRecord): Promise<boolean> {
  try {
    await saveUsageRecord(dependencies.db, record);
    usageRecorded(dependencies, record);
    return true;
  } catch (error) {
    // Only the user or organisation being gone is left to refuse it; the numbers stay in the log.
    const { orgId, userId, modelId, inputTokens, outputTokens, costUsd } = record;
    dependencies.logger.error(
      { err: error, orgId, userId, modelId, inputTokens, outputTokens, costUsd },
      'recording the usage of a model call failed',
    );
    return false;
  }
}

/**
 * Gives back the room a call held in its caller's monthly limits, the key's budget and the wallet
 * (docs/decisions/019, 022, 073), once its usage is recorded or it failed: in memory, from the
 * leases it was held in.
 */
export function releaseHolds(dependencies: Pick<Dependencies, 'leases'>, holds: readonly LeaseHold[]): void {
  dependencies.leases.release(holds);
}

import { parsePicodollars } from '../../money';
import { deleteReservations } from '../usage/reservation-repository';
import type { MeteredCallsDependencies } from './metered-dependencies';
import { saveUsageRecord, type NewUsageRecord } from './usage-record-repository';

type Dependencies = Pick<MeteredCallsDependencies, 'db' | 'logger' | 'wallet'>;

/**
 * A call's usage is on the books and no longer streaming: when the wallet paid for it, the debit
 * the database just made may have asked for an auto-reload, charged now in the background. Every
 * path that records a paid call ends here (decision 022's reload used to follow complete replies only).
 */
export function usageRecorded(dependencies: Dependencies, record: NewUsageRecord): void {
  if (record.billedToWallet && record.outcome !== 'streaming' && parsePicodollars(record.costUsd) > 0n)
    dependencies.wallet?.usageRecorded(record.orgId);
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
 * Gives back the room a call held in its caller's monthly limits and the wallet (docs/decisions/019,
 * 022), once its usage is recorded or it failed. Never throws (it runs on paths already answering):
 * a room that could not be given back is held until the instance restarts or is found gone.
 */
export async function releaseHolds(
  dependencies: Dependencies,
  orgId: string,
  holdIds: readonly string[],
): Promise<void> {
  if (holdIds.length === 0) return;
  try {
    await deleteReservations(dependencies.db, orgId, holdIds);
  } catch (error) {
    dependencies.logger.error({ err: error, holdIds }, 'giving back the room held in limits and the wallet failed');
  }
}

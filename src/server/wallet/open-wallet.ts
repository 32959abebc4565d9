import type { Executor } from '../db/database';
import { ensureWallet, postToWallet } from './ledger-repository';
import { centsOf } from '../../money';

const trialCreditDescription = 'Trial credit';

/** A new organisation's wallet, with the trial credit as its first ledger row (in the sign-up's transaction). */
export async function openWallet(
  transaction: Executor,
  orgId: string,
  trialCreditUsd: string | undefined,
): Promise<void> {
  if (trialCreditUsd !== undefined && centsOf(trialCreditUsd) > 0n) {
    await postToWallet(transaction, { orgId, amount: trialCreditUsd, description: trialCreditDescription });
  } else {
    await ensureWallet(transaction, orgId);
  }
}

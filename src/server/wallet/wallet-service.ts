import {
  messages,
  usageProjectionHorizonYears,
  walletMessages,
  type UpdateWalletSettingsRequest,
  type UsageProjection,
  type WalletBalance,
  type WalletPayment,
} from '../../contracts';
import { makeAdministrativeChange } from '../audit/administrative-change';
import { forbidden, notFound, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import {
  findLedgerEntry,
  findLedgerEntryOfPayment,
  findWallet,
  listLedger,
  lockWallet,
  updateWalletRow,
  usageSpentSince,
} from './ledger-repository';
import { paidWith, receiptPath } from './paid-with';
import { findPayment } from './payment-repository';
import { presentBalance, presentTransaction } from './present-wallet';
import { usdNumber } from '../../money';
import { addDays } from '../analytics/billing-cycle';
import { centsDecimal, centsOf, parsePicodollars, usdNumberOf } from '../../money';
import type { WalletDependencies } from './wallet-dependencies';

type Reading = Pick<WalletDependencies, 'db' | 'payments'>;

export async function walletBalance(dependencies: Reading, orgId: string): Promise<WalletBalance> {
  return presentBalance(await findWallet(dependencies.db, orgId), dependencies.payments.testMode);
}

/** A page of the ledger, newest first. */
export async function walletTransactions(dependencies: Reading, orgId: string, page: number, limit: number) {
  const { rows, total } = await listLedger(dependencies.db, orgId, { offset: (page - 1) * limit, limit });
  return { transactions: rows.map(presentTransaction), total, page, limit };
}

/** One transaction of the caller's organisation; another organisation's is not found. */
export async function walletTransaction(dependencies: Reading, orgId: string, id: string) {
  const row = await findLedgerEntry(dependencies.db, orgId, id);
  if (!row) throw notFound(walletMessages.transactionNotFound);
  return presentTransaction(row);
}

/** One card payment of the caller's organisation as it stands (the page a customer comes back to from Checkout follows it). */
export async function walletPayment(dependencies: Reading, orgId: string, paymentId: string): Promise<WalletPayment> {
  const payment = await findPayment(dependencies.db, orgId, paymentId);
  if (!payment) throw notFound(walletMessages.paymentNotFound);
  const credit =
    payment.status === 'succeeded' ? await findLedgerEntryOfPayment(dependencies.db, orgId, paymentId) : undefined;
  return {
    id: payment.id,
    purpose: payment.purpose,
    status: payment.status,
    amount: usdNumberOf(payment.amount),
    currency: payment.currency,
    failure_message: payment.failureMessage,
    checkout_url: payment.status === 'pending' ? payment.checkoutUrl : null,
    transaction: credit ? presentTransaction(credit) : null,
    paid_with: payment.status === 'succeeded' ? paidWith(payment) : null,
    receipt_path: payment.status === 'succeeded' ? receiptPath(orgId, payment.id) : null,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

/**
 * Saves any of the settings, with an audit entry. Saving re-arms auto-reload: the crossing marker
 * is cleared, so a balance already under a new threshold asks for one reload at the next debit.
 */
export async function updateWalletSettings(
  dependencies: Reading & Pick<WalletDependencies, 'db'>,
  caller: Caller,
  input: UpdateWalletSettingsRequest,
): Promise<WalletBalance> {
  if (input.org_id !== undefined && input.org_id !== caller.orgId) throw forbidden(messages.organizationMismatch);
  return makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const wallet = await lockWallet(transaction, caller.orgId);
    const before = presentBalance(wallet, dependencies.payments.testMode).settings;
    const enabled = input.auto_reload_enabled ?? wallet.autoReloadEnabled;
    const reloadAmount =
      input.auto_reload_amount !== undefined
        ? centsDecimal(centsOf(input.auto_reload_amount))
        : wallet.autoReloadAmount;
    if (enabled && centsOf(reloadAmount) === 0n)
      throw validationFailed(walletMessages.reloadAmountZero, { auto_reload_amount: walletMessages.reloadAmountZero });
    const saved = await updateWalletRow(transaction, caller.orgId, {
      minTopUpAmount:
        input.min_top_up_amount !== undefined ? centsDecimal(centsOf(input.min_top_up_amount)) : wallet.minTopUpAmount,
      autoReloadThreshold:
        input.auto_reload_threshold !== undefined
          ? centsDecimal(centsOf(input.auto_reload_threshold))
          : wallet.autoReloadThreshold,
      autoReloadAmount: reloadAmount,
      autoReloadEnabled: enabled,
      autoReloadMarkedAt: null,
      updatedAt: new Date(),
    });
    const after = presentBalance(saved, dependencies.payments.testMode);
    await record({
      action: 'wallet.settings_update',
      targetType: 'wallet',
      targetId: caller.orgId,
      before,
      after: after.settings,
    });
    return after;
  });
}

/** The recent daily spend is averaged over this many UTC days, today included. */
const projectionDays = 7;

/** 365-day years: a projection further than this many days is "more than 10 years". */
const horizonDays = BigInt(usageProjectionHorizonYears * 365);

/**
 * Days until the wallet is empty at the average daily usage debited over the last week. A balance
 * that outlasts the horizon has no day (a few cents a week against hundreds of dollars would name a
 * date centuries away, or past what a date can hold).
 */
export async function usageProjection(
  dependencies: Reading,
  orgId: string,
  now = new Date(),
): Promise<UsageProjection> {
  const wallet = await findWallet(dependencies.db, orgId);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (projectionDays - 1)));
  const spent = parsePicodollars(await usageSpentSince(dependencies.db, orgId, since));
  const balance = parsePicodollars(wallet?.balance ?? '0');
  const dailyPicodollars = spent > 0n ? spent / BigInt(projectionDays) : 0n;
  const days = dailyPicodollars > 0n ? (balance <= 0n ? 0n : balance / dailyPicodollars) : undefined;
  const beyondHorizon = days !== undefined && days > horizonDays;
  const shownDays = days === undefined || beyondHorizon ? undefined : Number(days);
  return {
    balance: usdNumberOf(wallet?.balance ?? '0'),
    currency: wallet?.currency ?? 'USD',
    period_days: projectionDays,
    average_daily_spend: usdNumber(dailyPicodollars),
    days_until_empty: shownDays ?? null,
    projected_empty_date: shownDays === undefined ? null : addDays(now.toISOString().slice(0, 10), shownDays),
    lasts_more_than_years: beyondHorizon ? usageProjectionHorizonYears : null,
  };
}

import { randomUUID } from 'node:crypto';
import type { MonthlyLimitKind } from '../../contracts';
import type { Database } from '../db/database';
import { unauthorized } from '../http/app-error';
import type { Caller } from '../http/context';
import type { CatalogModel } from '../../gateway';
import type { UsableModel } from './usable-model';
import { grantFromBudget, lockApiKeyBudgetRoom, type ApiKeyBudgetRoom } from './api-key-budget-room';
import { grantCall, heldInputTokens } from './limit-arithmetic';
import {
  grantFromWallet,
  insertWalletReservations,
  lockWalletRoom,
  type NewWalletReservation,
  type WalletRoom,
} from './wallet-room';
import { limitPeriod, limitsOf, pricesOf } from './monthly-limits';
import {
  insertReservations,
  limitTotalsByModel,
  lockUserForLimits,
  noTotals,
  type LimitTotals,
  type NewReservation,
} from './reservation-repository';
import type { PriceBook } from '../pricing/price-book';

/** One model call to hold room for: the model as the caller may use it, and the prompt's estimated tokens. */
export interface PlannedCall {
  usable: UsableModel;
  inputTokens: number;
}

export type ReservedCall =
  /** The call may go ahead asking for at most `maxOutputTokens`; `reservationId` is absent when the caller has no limits. */
  | { granted: true; maxOutputTokens: number; reservationId?: string; walletReservationId?: string }
  | { granted: false; limit: MonthlyLimitKind; totals: LimitTotals; fit?: RequestFit }
  /** The organisation's wallet cannot pay for even one token of the reply (docs/decisions/022). */
  | { granted: false; wallet: { availablePicodollars: bigint } }
  /** The API key's monthly budget has no room for the prompt and one token of reply (docs/decisions/055). */
  | { granted: false; budget: { budgetPicodollars: bigint; takenPicodollars: bigint } };

/**
 * A request refused because its prompt and its largest reply do not fit what is left, though a
 * shorter reply would: the prompt's held tokens, the reply's cap, and the most output that fits.
 */
export interface RequestFit {
  inputTokens: number;
  outputCap: number;
  fittingOutputTokens: number;
}

/** The API key a call comes with: its reservations name it, and its monthly budget (null: none) is held against. */
export interface ReservingApiKey {
  id: string;
  monthlyBudgetPicodollars: bigint | null;
}

/** Which models the organisation's wallet pays for (the instance's keys), when payment is enforced. */
export interface WalletPayment {
  pays(model: CatalogModel): boolean;
}

/**
 * Holds room in the caller's monthly limits before the model is asked (docs/decisions/019): for
 * each call, the prompt's estimated tokens with their margin plus the reply's cap, the cap cut to
 * what is left of both limits; the call then asks the model for at most that many output tokens.
 * The user's row is locked while room is counted and taken, so concurrent requests, on this or any
 * instance, are decided one after another and together never pass a limit.
 *
 * A model the organisation's wallet pays for also holds what the reply may cost against the wallet
 * (docs/decisions/022), in the same transaction, under the wallet's lock taken after the user's:
 * the reply's cap is cut further to what the wallet can pay, so concurrent calls never spend more
 * than the balance.
 *
 * The first call is the one that must go ahead: when it is refused nothing is held. A backup (the
 * router's second choice) gets room if there is some, else it is refused on its own. Both cover
 * the same usage record (`usageId`): only one of them answers. Without limits (admins), wallet or
 * key budget nothing is written and the reply's cap is the role's.
 *
 * A call made with an API key that has a monthly budget holds its cost against that budget too
 * (docs/decisions/055), under the key's lock taken between the user's and the wallet's: the
 * reply's cap is cut to what the budget leaves, so concurrent calls never pass it.
 */
export async function reserveModelCalls(
  db: Database,
  caller: Caller,
  calls: { primary: PlannedCall; backup?: PlannedCall },
  options: {
    usageId: string;
    owner: string;
    /** The price book: a call holds room at the prices effective now (docs/decisions/071). */
    prices: PriceBook;
    now?: Date;
    wallet?: WalletPayment;
    apiKey?: ReservingApiKey;
  },
): Promise<{ primary: ReservedCall; backup?: ReservedCall }> {
  const planned = [calls.primary, ...(calls.backup ? [calls.backup] : [])];
  const unlimited = (call: PlannedCall): ReservedCall => ({
    granted: true,
    maxOutputTokens: call.usable.replyTokenCap,
  });
  const paid = (call: PlannedCall) => options.wallet?.pays(call.usable.model) ?? false;
  const budget = options.apiKey?.monthlyBudgetPicodollars ?? null;
  if (budget === null && planned.every((call) => !limitsOf(call.usable) && !paid(call))) {
    return { primary: unlimited(calls.primary), backup: calls.backup && unlimited(calls.backup) };
  }
  const now = options.now ?? new Date();
  const period = limitPeriod(now);
  return db.transaction(async (transaction) => {
    const limitedIds = planned.filter((call) => limitsOf(call.usable)).map((call) => call.usable.model.id);
    let totals = new Map<string, LimitTotals>();
    if (limitedIds.length > 0) {
      if (!(await lockUserForLimits(transaction, caller.orgId, caller.userId))) throw unauthorized();
      totals = await limitTotalsByModel(transaction, caller.orgId, caller.userId, period, limitedIds);
    }
    const budgetRoom =
      budget !== null && options.apiKey
        ? await lockApiKeyBudgetRoom(
            transaction,
            caller.orgId,
            { id: options.apiKey.id, budgetPicodollars: budget },
            now,
          )
        : undefined;
    const room = planned.some(paid) ? await lockWalletRoom(transaction, caller.orgId) : undefined;
    const toWrite: NewReservation[] = [];
    const walletToWrite: NewWalletReservation[] = [];
    const grant = (call: PlannedCall) =>
      grantRoom(
        caller,
        call,
        totals.get(call.usable.model.id),
        paid(call) ? room : undefined,
        budgetRoom,
        { ...options, now },
        toWrite,
        walletToWrite,
      );
    const primary = grant(calls.primary);
    const backup = primary.granted && calls.backup ? grant(calls.backup) : undefined;
    await insertReservations(transaction, toWrite);
    await insertWalletReservations(transaction, walletToWrite);
    return backup ? { primary, backup } : { primary };
  });
}

/** The room one call may hold, queued in `toWrite` (limits) and `walletToWrite` (the wallet) when granted. */
function grantRoom(
  caller: Caller,
  call: PlannedCall,
  found: LimitTotals | undefined,
  room: WalletRoom | undefined,
  budgetRoom: ApiKeyBudgetRoom | undefined,
  options: { usageId: string; owner: string; prices: PriceBook; now: Date; apiKey?: ReservingApiKey },
  toWrite: NewReservation[],
  walletToWrite: NewWalletReservation[],
): ReservedCall {
  const limits = limitsOf(call.usable);
  const prices = pricesOf(options.prices, call.usable.model, options.now);
  const inputTokens = heldInputTokens(call.inputTokens);
  let outputCap = call.usable.replyTokenCap;
  if (limits) {
    const totals = found ?? noTotals;
    const limited = grantCall({
      limits,
      taken: {
        tokens: totals.usedTokens + totals.reservedTokens,
        costPicodollars: totals.usedCostPicodollars + totals.reservedCostPicodollars,
      },
      prices,
      inputTokens,
      outputCap,
      shortenToFit: call.usable.shortenReplyToFit ?? false,
    });
    if (!limited.granted) {
      const fit =
        limited.fittingOutputTokens === undefined
          ? undefined
          : { inputTokens, outputCap, fittingOutputTokens: limited.fittingOutputTokens };
      return { granted: false, limit: limited.limit, totals, ...(fit ? { fit } : {}) };
    }
    outputCap = limited.outputTokens;
  }
  if (budgetRoom) {
    const taken = budgetRoom.takenPicodollars;
    const budgeted = grantFromBudget(budgetRoom, { prices, inputTokens, outputCap });
    if (!budgeted.granted)
      return { granted: false, budget: { budgetPicodollars: budgetRoom.budgetPicodollars, takenPicodollars: taken } };
    outputCap = budgeted.outputTokens;
  }
  let walletReservationId: string | undefined;
  if (room) {
    const available = room.availablePicodollars;
    const paidFor = grantFromWallet(room, { prices, inputTokens, outputCap });
    if (!paidFor.granted) return { granted: false, wallet: { availablePicodollars: available } };
    outputCap = paidFor.outputTokens;
    walletReservationId = randomUUID();
    walletToWrite.push({
      id: walletReservationId,
      orgId: caller.orgId,
      usageId: options.usageId,
      costPicodollars: paidFor.costPicodollars,
      owner: options.owner,
    });
  }
  // A key's budget counts the calls in progress by their reservations, as the limits do.
  if (!limits && !budgetRoom) return { granted: true, maxOutputTokens: outputCap, walletReservationId };
  const reservationId = randomUUID();
  toWrite.push({
    id: reservationId,
    orgId: caller.orgId,
    userId: caller.userId,
    modelId: call.usable.model.id,
    usageId: options.usageId,
    tokens: inputTokens + outputCap,
    outputTokens: outputCap,
    costPicodollars: BigInt(inputTokens) * prices.inputPicodollars + BigInt(outputCap) * prices.outputPicodollars,
    owner: options.owner,
    apiKeyId: options.apiKey?.id ?? null,
  });
  return { granted: true, maxOutputTokens: outputCap, reservationId, walletReservationId };
}

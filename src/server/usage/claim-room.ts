import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { unauthorized } from '../http/app-error';
import type { Caller } from '../http/context';
import { grantFromBudget, lockApiKeyBudgetRoom, type ApiKeyBudgetRoom } from './api-key-budget-room';
import {
  addAmounts,
  nothing,
  outstanding,
  scopeKey,
  type Amount,
  type Grant,
  type Lease,
  type LeaseHold,
  type LeaseScope,
} from './budget-lease-book';
import type { BudgetLeases } from './budget-leases';
import { needList, type CallNeeds, type Need } from './call-room-needs';
import { saveLease } from './lease-repository';
import { grantCall } from './limit-arithmetic';
import { limitTotalsByModel, lockUserForLimits, noTotals, type LimitTotals } from './reservation-repository';
import type { ReservedCall } from './call-room';
import { grantFromWallet, lockWalletRoom, type WalletRoom } from './wallet-room';

/** A lease claims this share of what is left after the call that claims it ... */
const leaseShareOfRoomLeft = 4n;
/** ... but no more than this many calls like it would hold. */
const leaseCallsAhead = 32n;

/** What one scope's lease becomes in the claim: its grant, and the holds of the calls it granted. */
interface ScopeOutcome {
  need: Need;
  lease?: Lease;
  leaseId: string;
  /** The least the lease holds for calls already under it (memory's), before this claim. */
  base: Amount;
  holds: { callIndex: number; amount: Amount }[];
  granted: Grant;
}

/**
 * Claims room for the calls in one transaction (docs/decisions/019, 073), when the instance's
 * leases could not hold them from memory: under the user's lock, then the key's and the wallet's
 * (the one order they are taken in), it cuts this instance's leases of those budgets to what their
 * calls hold, reads what is taken (usage recorded and every live lease and reservation beyond its
 * records), grants each call what fits (the reply shortened or refused as before), and writes each
 * lease with those holds plus a share of what is left for the calls to come. The first call must be
 * granted; a backup gets room when there is some. Runs inside `leases.claim`, which keeps the leases
 * from giving holds meanwhile.
 */
export async function claimRoom(
  db: Database,
  leases: BudgetLeases,
  caller: Caller,
  planned: readonly CallNeeds[],
  period: { start: Date; end: Date },
  now: Date,
): Promise<ReservedCall[]> {
  const scopes = new Map<string, ScopeOutcome>();
  for (const need of planned.flatMap(needList)) {
    const key = scopeKey(need.scope);
    if (scopes.has(key)) continue;
    const lease = leases.book.find(need.scope);
    scopes.set(key, {
      need,
      lease,
      leaseId: lease?.id ?? randomUUID(),
      base: lease ? outstanding(lease) : { ...nothing },
      holds: [],
      granted: { tokens: null, costPicodollars: null },
    });
  }
  const outcomeOf = (need: Need) => scopes.get(scopeKey(need.scope))!;

  const results = await db.transaction(async (transaction) => {
    const limitedIds = planned.filter((needs) => needs.limit).map((needs) => needs.call.usable.model.id);
    if (limitedIds.length > 0 && !(await lockUserForLimits(transaction, caller.orgId, caller.userId)))
      throw unauthorized();
    // This instance's leases of these budgets hold only what their calls hold while the sums are read.
    for (const outcome of scopes.values()) {
      if (!outcome.lease) continue;
      await saveLease(transaction, {
        id: outcome.leaseId,
        scope: outcome.need.scope,
        granted: cutTo(outcome.need.scope, outcome.base),
        owner: leases.owner,
      });
    }
    const totals =
      limitedIds.length > 0
        ? await limitTotalsByModel(transaction, caller.orgId, caller.userId, period, limitedIds)
        : new Map<string, LimitTotals>();
    const budgetNeed = planned.find((needs) => needs.budget);
    const budgetRoom = budgetNeed?.budget
      ? await lockApiKeyBudgetRoom(
          transaction,
          caller.orgId,
          {
            id: (budgetNeed.budget.scope as { apiKeyId: string }).apiKeyId,
            budgetPicodollars: BigInt(budgetNeed.budget.terms),
          },
          now,
        )
      : undefined;
    const walletRoom = planned.some((needs) => needs.wallet)
      ? await lockWalletRoom(transaction, caller.orgId)
      : undefined;
    const budgetTakenBefore = budgetRoom?.takenPicodollars ?? 0n;
    const walletAvailableBefore = walletRoom?.availablePicodollars ?? 0n;

    const granted: ReservedCall[] = [];
    for (const [callIndex, needs] of planned.entries()) {
      if (callIndex > 0 && !granted[0]?.granted) break;
      const result = grantOne(needs, totals.get(needs.call.usable.model.id), budgetRoom, walletRoom);
      granted.push(result.reserved);
      if (!result.reserved.granted) continue;
      for (const need of needList(needs))
        outcomeOf(need).holds.push({ callIndex, amount: result.amounts[need.scope.kind] });
    }

    // Each lease: what its calls hold, plus a share of the room left for the calls to come.
    for (const outcome of scopes.values()) {
      const held = outcome.holds.reduce((sum, hold) => addAmounts(sum, hold.amount), outcome.base);
      if (outcome.holds.length === 0) {
        outcome.granted = cutTo(outcome.need.scope, outcome.base);
        continue;
      }
      const example = outcome.holds[0]!.amount;
      const left = roomLeft(outcome, planned, totals, {
        budget: budgetRoom && { limit: budgetRoom.budgetPicodollars, before: budgetTakenBefore },
        walletBefore: walletAvailableBefore,
      });
      outcome.granted = {
        tokens: left.tokens === null ? null : held.tokens + share(left.tokens, example.tokens),
        costPicodollars:
          left.costPicodollars === null
            ? null
            : held.costPicodollars + share(left.costPicodollars, example.costPicodollars),
      };
      await saveLease(transaction, {
        id: outcome.leaseId,
        scope: outcome.need.scope,
        granted: outcome.granted,
        owner: leases.owner,
      });
    }
    return granted;
  });

  // Committed: memory holds what the rows say.
  const nowMs = Date.now();
  const holdsByCall = results.map(() => [] as LeaseHold[]);
  for (const outcome of scopes.values()) {
    const lease =
      outcome.lease ??
      (outcome.holds.length > 0
        ? leases.book.adopt(
            { id: outcome.leaseId, scope: outcome.need.scope, terms: outcome.need.terms, granted: outcome.granted },
            nowMs,
          )
        : undefined);
    if (!lease) continue;
    lease.granted = outcome.granted;
    if (outcome.holds.length > 0) lease.terms = outcome.need.terms;
    for (const hold of outcome.holds) holdsByCall[hold.callIndex]!.push(leases.book.hold(lease, hold.amount, nowMs));
  }
  return results.map((reserved, callIndex) =>
    reserved.granted
      ? { ...reserved, holds: holdsByCall[callIndex]!, leaseIds: leaseIdsOf(planned[callIndex]!, outcomeOf) }
      : reserved,
  );
}

/** A lease cut to `amount`, in the dimensions its scope counts (a limit both; a key budget and the wallet money). */
function cutTo(scope: LeaseScope, amount: Amount): Grant {
  return { tokens: scope.kind === 'limit' ? amount.tokens : null, costPicodollars: amount.costPicodollars };
}

/** A share of the room left, at most `leaseCallsAhead` calls like `example`. */
function share(left: bigint, example: bigint): bigint {
  if (left <= 0n) return 0n;
  const part = left / leaseShareOfRoomLeft;
  const cap = example * leaseCallsAhead;
  return part < cap ? part : cap;
}

function leaseIdsOf(needs: CallNeeds, outcomeOf: (need: Need) => ScopeOutcome) {
  return {
    limit: needs.limit ? outcomeOf(needs.limit).leaseId : undefined,
    budget: needs.budget ? outcomeOf(needs.budget).leaseId : undefined,
    wallet: needs.wallet ? outcomeOf(needs.wallet).leaseId : undefined,
  };
}

/**
 * What one call may hold, as decision 019 grants it: its prompt and as much of the reply's cap as
 * the limits, the key's budget and the wallet leave (each taken from the room it read, so a backup
 * granted in the same claim sees it gone); refused when not even one token of reply fits.
 */
function grantOne(
  needs: CallNeeds,
  found: LimitTotals | undefined,
  budgetRoom: ApiKeyBudgetRoom | undefined,
  walletRoom: WalletRoom | undefined,
): { reserved: ReservedCall; amounts: Record<LeaseScope['kind'], Amount> } {
  const { call, limits, prices, inputTokens } = needs;
  const refused = (reserved: ReservedCall) => ({ reserved, amounts: {} as Record<LeaseScope['kind'], Amount> });
  let outputCap = call.usable.replyTokenCap;
  if (limits && needs.limit) {
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
      return refused({ granted: false, limit: limited.limit, totals, ...(fit ? { fit } : {}) });
    }
    outputCap = limited.outputTokens;
  }
  if (budgetRoom && needs.budget) {
    const taken = budgetRoom.takenPicodollars;
    const budgeted = grantFromBudget(budgetRoom, { prices, inputTokens, outputCap });
    if (!budgeted.granted)
      return refused({
        granted: false,
        budget: { budgetPicodollars: budgetRoom.budgetPicodollars, takenPicodollars: taken },
      });
    outputCap = budgeted.outputTokens;
  }
  let walletCost = 0n;
  if (walletRoom && needs.wallet) {
    const available = walletRoom.availablePicodollars;
    const paidFor = grantFromWallet(walletRoom, { prices, inputTokens, outputCap });
    if (!paidFor.granted) return refused({ granted: false, wallet: { availablePicodollars: available } });
    outputCap = paidFor.outputTokens;
    walletCost = paidFor.costPicodollars;
  }
  const whole: Amount = {
    tokens: BigInt(inputTokens + outputCap),
    costPicodollars: BigInt(inputTokens) * prices.inputPicodollars + BigInt(outputCap) * prices.outputPicodollars,
  };
  return {
    reserved: { granted: true, maxOutputTokens: outputCap, holds: [], leaseIds: {} },
    amounts: {
      limit: whole,
      'key-budget': { tokens: 0n, costPicodollars: whole.costPicodollars },
      wallet: { tokens: 0n, costPicodollars: walletCost },
    },
  };
}

/** What the scope has left once this claim's holds are taken (null: a dimension it does not bound). */
function roomLeft(
  outcome: ScopeOutcome,
  planned: readonly CallNeeds[],
  totals: Map<string, LimitTotals>,
  rooms: { budget?: { limit: bigint; before: bigint }; walletBefore: bigint },
): Grant {
  const claimed = outcome.holds.reduce((sum, hold) => addAmounts(sum, hold.amount), { ...nothing });
  const { scope } = outcome.need;
  if (scope.kind === 'limit') {
    const limits = planned.find((needs) => needs.limit && scopeKey(needs.limit.scope) === scopeKey(scope))?.limits;
    const taken = totals.get(scope.modelId) ?? noTotals;
    return {
      tokens:
        limits?.tokens === undefined ? null : limits.tokens - taken.usedTokens - taken.reservedTokens - claimed.tokens,
      costPicodollars:
        limits?.costPicodollars === undefined
          ? null
          : limits.costPicodollars -
            taken.usedCostPicodollars -
            taken.reservedCostPicodollars -
            claimed.costPicodollars,
    };
  }
  if (scope.kind === 'key-budget') {
    const budget = rooms.budget;
    return { tokens: null, costPicodollars: budget ? budget.limit - budget.before - claimed.costPicodollars : 0n };
  }
  return { tokens: null, costPicodollars: rooms.walletBefore - claimed.costPicodollars };
}

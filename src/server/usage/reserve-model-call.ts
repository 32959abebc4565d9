import { randomUUID } from 'node:crypto';
import type { MonthlyLimitKind } from '../../contracts';
import type { Database } from '../db/database';
import { unauthorized } from '../http/app-error';
import type { Caller } from '../http/context';
import type { UsableModel } from '../conversations/model-access';
import { grantCall, heldInputTokens } from './limit-arithmetic';
import { limitPeriod, limitsOf, pricesOf } from './monthly-limits';
import { insertReservations, limitTotalsByModel, lockUserForLimits, noTotals, type LimitTotals, type NewReservation } from './reservation-repository';

/** One model call to hold room for: the model as the caller may use it, and the prompt's estimated tokens. */
export interface PlannedCall {
  usable: UsableModel;
  inputTokens: number;
}

export type ReservedCall =
  /** The call may go ahead asking for at most `maxOutputTokens`; `reservationId` is absent when the caller has no limits. */
  | { granted: true; maxOutputTokens: number; reservationId?: string }
  | { granted: false; limit: MonthlyLimitKind; totals: LimitTotals };

/**
 * Holds room in the caller's monthly limits before the model is asked (docs/decisions/019): for
 * each call, the prompt's estimated tokens with their margin plus the reply's cap, the cap cut to
 * what is left of both limits; the call then asks the model for at most that many output tokens.
 * The user's row is locked while room is counted and taken, so concurrent requests, on this or any
 * instance, are decided one after another and together never pass a limit.
 *
 * The first call is the one that must go ahead: when it is refused nothing is held. A backup (the
 * router's second choice) gets room if there is some, else it is refused on its own. Both cover
 * the same usage record (`usageId`): only one of them answers. Without limits (admins) nothing is
 * written and the reply's cap is the role's.
 */
export async function reserveModelCalls(
  db: Database,
  caller: Caller,
  calls: { primary: PlannedCall; backup?: PlannedCall },
  options: { usageId: string; owner: string; now?: Date },
): Promise<{ primary: ReservedCall; backup?: ReservedCall }> {
  const planned = [calls.primary, ...(calls.backup ? [calls.backup] : [])];
  const unlimited = (call: PlannedCall): ReservedCall => ({ granted: true, maxOutputTokens: call.usable.replyTokenCap });
  if (planned.every((call) => !limitsOf(call.usable))) {
    return { primary: unlimited(calls.primary), backup: calls.backup && unlimited(calls.backup) };
  }
  const period = limitPeriod(options.now ?? new Date());
  return db.transaction(async (transaction) => {
    if (!(await lockUserForLimits(transaction, caller.orgId, caller.userId))) throw unauthorized();
    const modelIds = planned.filter((call) => limitsOf(call.usable)).map((call) => call.usable.model.id);
    const totals = await limitTotalsByModel(transaction, caller.orgId, caller.userId, period, modelIds);
    const toWrite: NewReservation[] = [];
    const primary = grantRoom(caller, calls.primary, totals.get(calls.primary.usable.model.id), options, toWrite);
    const backup = primary.granted && calls.backup ? grantRoom(caller, calls.backup, totals.get(calls.backup.usable.model.id), options, toWrite) : undefined;
    await insertReservations(transaction, toWrite);
    return backup ? { primary, backup } : { primary };
  });
}

/** The room one call may hold, queued in `toWrite` when granted. */
function grantRoom(caller: Caller, call: PlannedCall, found: LimitTotals | undefined, options: { usageId: string; owner: string }, toWrite: NewReservation[]): ReservedCall {
  const limits = limitsOf(call.usable);
  if (!limits) return { granted: true, maxOutputTokens: call.usable.replyTokenCap };
  const totals = found ?? noTotals;
  const grant = grantCall({
    limits,
    taken: { tokens: totals.usedTokens + totals.reservedTokens, costPicodollars: totals.usedCostPicodollars + totals.reservedCostPicodollars },
    prices: pricesOf(call.usable.model),
    inputTokens: heldInputTokens(call.inputTokens),
    outputCap: call.usable.replyTokenCap,
  });
  if (!grant.granted) return { granted: false, limit: grant.limit, totals };
  const reservationId = randomUUID();
  toWrite.push({
    id: reservationId,
    orgId: caller.orgId,
    userId: caller.userId,
    modelId: call.usable.model.id,
    usageId: options.usageId,
    tokens: grant.tokens,
    outputTokens: grant.outputTokens,
    costPicodollars: grant.costPicodollars,
    owner: options.owner,
  });
  return { granted: true, maxOutputTokens: grant.outputTokens, reservationId };
}

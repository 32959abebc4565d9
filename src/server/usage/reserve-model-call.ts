import type { Database } from '../db/database';
import type { Caller } from '../http/context';
import type { Lease, LeaseHold } from './budget-lease-book';
import type { BudgetLeases } from './budget-leases';
import type { CallLeaseIds, PlannedCall, ReservedCall, ReservingApiKey, WalletPayment } from './call-room';
import { needList, needsOf, type CallNeeds } from './call-room-needs';
import { claimRoom } from './claim-room';
import { limitPeriod } from './monthly-limits';
import type { PriceBook } from '../pricing/price-book';

/**
 * Holds room in the caller's monthly limits before the model is asked (docs/decisions/019): for
 * each call, the prompt's estimated tokens with their margin plus the reply's cap, the cap cut to
 * what is left of both limits; the call then asks the model for at most that many output tokens.
 * A model the organisation's wallet pays for also holds what the reply may cost against the wallet
 * (docs/decisions/022), and a call with an API key that has a monthly budget holds its cost against
 * that budget (docs/decisions/055).
 *
 * The room comes from this instance's budget leases (docs/decisions/073): when every budget the
 * calls need has a lease with room for the whole request, the holds are taken in memory and nothing
 * is asked of the database; otherwise one transaction claims them (`claimRoom`), deciding exactly
 * as one reservation per call did, so concurrent requests on any instance never pass a limit, the
 * key's budget or the wallet together.
 *
 * The first call is the one that must go ahead: when it is refused nothing is held. A backup (the
 * router's second choice) gets room if there is some, else it is refused on its own. Without
 * limits (admins), wallet or key budget nothing is held and the reply's cap is the role's.
 */
export async function reserveModelCalls(
  db: Database,
  leases: BudgetLeases,
  caller: Caller,
  calls: { primary: PlannedCall; backup?: PlannedCall },
  options: {
    /** The price book: a call holds room at the prices effective now (docs/decisions/071). */
    prices: PriceBook;
    now?: Date;
    wallet?: WalletPayment;
    apiKey?: ReservingApiKey;
  },
): Promise<{ primary: ReservedCall; backup?: ReservedCall }> {
  const now = options.now ?? new Date();
  const period = limitPeriod(now);
  const planned = [calls.primary, ...(calls.backup ? [calls.backup] : [])].map((call) =>
    needsOf(caller, call, { ...options, now, periodStart: period.start }),
  );
  const answer = (reserved: ReservedCall[]) =>
    reserved[1] ? { primary: reserved[0]!, backup: reserved[1] } : { primary: reserved[0]! };
  if (planned.every((needs) => needList(needs).length === 0)) {
    return answer(
      planned.map((needs) => ({
        granted: true,
        maxOutputTokens: needs.call.usable.replyTokenCap,
        holds: [],
        leaseIds: {},
      })),
    );
  }
  const fromMemory = holdFromLeases(leases, planned);
  if (fromMemory) return answer(fromMemory);
  const involved = planned
    .flatMap(needList)
    .map((need) => leases.book.find(need.scope))
    .filter((lease): lease is Lease => lease !== undefined);
  return answer(await leases.claim(caller.orgId, involved, () => claimRoom(db, leases, caller, planned, period, now)));
}

/**
 * The calls' holds taken from the leases in memory, when every budget they need has a lease
 * claimed under the same terms with room for the whole request (the reply's cap not cut); else
 * none is taken and undefined answered.
 */
function holdFromLeases(leases: BudgetLeases, planned: readonly CallNeeds[]): ReservedCall[] | undefined {
  const now = Date.now();
  const taken: LeaseHold[] = [];
  const reserved: ReservedCall[] = [];
  for (const needs of planned) {
    const holds: LeaseHold[] = [];
    const leaseIds: CallLeaseIds = {};
    for (const need of needList(needs)) {
      const lease = leases.book.find(need.scope);
      const amount =
        need.scope.kind === 'limit' ? needs.whole : { tokens: 0n, costPicodollars: needs.whole.costPicodollars };
      const hold = lease && leases.book.tryHold(lease, need.terms, amount, now);
      if (!hold) {
        leases.release(taken);
        return undefined;
      }
      taken.push(hold);
      holds.push(hold);
      leaseIds[need.scope.kind === 'limit' ? 'limit' : need.scope.kind === 'wallet' ? 'wallet' : 'budget'] = lease.id;
    }
    reserved.push({ granted: true, maxOutputTokens: needs.call.usable.replyTokenCap, holds, leaseIds });
  }
  return reserved;
}

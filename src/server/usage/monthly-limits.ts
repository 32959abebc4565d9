import { messages, type MonthlyLimitKind } from '../../contracts';
import type { PricedModel } from '../../gateway';
import type { PriceBook } from '../pricing/price-book';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import type { UsableModel } from './usable-model';
import { grantCall, type MonthlyLimits, type TokenPrices } from './limit-arithmetic';
import { free, type BudgetLeaseBook } from './budget-lease-book';
import { limitTotalsByModel, noTotals, type LimitTotals } from './reservation-repository';
import { monthBounds } from './usage-repository';

export type Limited = Pick<UsableModel, 'model' | 'monthlyTokenLimit' | 'costLimitPicodollars'> &
  Partial<Pick<UsableModel, 'replyTokenCap' | 'shortenReplyToFit'>>;

/** The role's monthly limits on the model, exactly; undefined when it has none (admin-named roles). */
export function limitsOf(usable: Limited): MonthlyLimits | undefined {
  if (usable.monthlyTokenLimit === undefined && usable.costLimitPicodollars === undefined) return undefined;
  return {
    tokens: usable.monthlyTokenLimit === undefined ? undefined : BigInt(usable.monthlyTokenLimit),
    costPicodollars: usable.costLimitPicodollars,
  };
}

/** The model's prices per token now; input priced as uncached, the most a call can cost. */
export function pricesOf(book: PriceBook, model: PricedModel, now = new Date()): TokenPrices {
  const prices = book.pricesAt(model, now);
  return { inputPicodollars: prices.input, outputPicodollars: prices.output };
}

/** The calendar month (UTC) holding `now`: monthly limits count the usage recorded in it. */
export function limitPeriod(now: Date): { start: Date; end: Date } {
  return monthBounds(now.getUTCFullYear(), now.getUTCMonth());
}

/**
 * What is recorded this month and held now on each limited model (one query for all of them). The
 * room this instance's leases (`own`) hold for calls to come is not counted as held: only what its
 * calls in progress hold is (other instances' leases count whole: this one cannot see inside them).
 */
export async function monthlyTotals(
  db: Executor,
  caller: Caller,
  models: readonly Limited[],
  now = new Date(),
  own?: BudgetLeaseBook,
): Promise<Map<string, LimitTotals>> {
  const limited = models.filter((usable) => limitsOf(usable) !== undefined).map((usable) => usable.model.id);
  const period = limitPeriod(now);
  const totals = await limitTotalsByModel(db, caller.orgId, caller.userId, period, limited);
  if (!own) return totals;
  for (const modelId of limited) {
    const lease = own.find({
      kind: 'limit',
      orgId: caller.orgId,
      userId: caller.userId,
      modelId,
      periodStart: period.start,
    });
    const total = lease && totals.get(modelId);
    if (!lease || !total) continue;
    const room = free(lease);
    const clamp = (value: bigint) => (value < 0n ? 0n : value);
    totals.set(modelId, {
      ...total,
      reservedTokens: clamp(total.reservedTokens - clamp(room.tokens ?? 0n)),
      reservedCostPicodollars: clamp(total.reservedCostPicodollars - clamp(room.costPicodollars ?? 0n)),
    });
  }
  return totals;
}

/**
 * The limit a request of `inputTokens` would break on the model: none when the prompt and its
 * reply fit what is left of both limits: at least one token of reply when the role lets replies be
 * shortened to fit (or the reply's cap is not known), else the reply's whole cap.
 */
export function limitBroken(
  book: PriceBook,
  usable: Limited,
  totals: LimitTotals | undefined,
  inputTokens: number,
): MonthlyLimitKind | undefined {
  const limits = limitsOf(usable);
  if (!limits) return undefined;
  const taken = totals ?? noTotals;
  const grant = grantCall({
    limits,
    taken: {
      tokens: taken.usedTokens + taken.reservedTokens,
      costPicodollars: taken.usedCostPicodollars + taken.reservedCostPicodollars,
    },
    prices: pricesOf(book, usable.model),
    inputTokens,
    outputCap: usable.shortenReplyToFit || usable.replyTokenCap === undefined ? 1 : usable.replyTokenCap,
    shortenToFit: false,
  });
  return grant.granted ? undefined : grant.limit;
}

/**
 * Per model id, the monthly limit a request of `requestTokens` would break (spec sections 3 and 6),
 * counting usage recorded this month and the room held by calls in progress. Admin-named roles
 * have no limits. One query for all the models.
 */
export async function monthlyLimitVerdicts(
  db: Executor,
  book: PriceBook,
  caller: Caller,
  models: readonly Limited[],
  requestTokens: number,
  now = new Date(),
  own?: BudgetLeaseBook,
): Promise<{ verdicts: Map<string, MonthlyLimitKind>; totals: Map<string, LimitTotals> }> {
  const totals = await monthlyTotals(db, caller, models, now, own);
  const verdicts = new Map<string, MonthlyLimitKind>();
  for (const usable of models) {
    const broken = limitBroken(book, usable, totals.get(usable.model.id), requestTokens);
    if (broken) verdicts.set(usable.model.id, broken);
  }
  return { verdicts, totals };
}

/** The short text of a broken limit, as `POST /tokens/validate` answers it. */
function limitBrokenText(kind: MonthlyLimitKind): string {
  return kind === 'monthly_token_limit' ? messages.monthlyTokenLimitExceeded : messages.monthlyCostLimitExceeded;
}

/** Throws with a text the web app recognises when the request would break a monthly limit. */
export async function checkMonthlyLimits(
  db: Executor,
  book: PriceBook,
  caller: Caller,
  usable: Limited,
  requestTokens: number,
  now = new Date(),
  own?: BudgetLeaseBook,
): Promise<void> {
  const broken = (await monthlyLimitVerdicts(db, book, caller, [usable], requestTokens, now, own)).verdicts.get(
    usable.model.id,
  );
  if (broken) throw new AppError('too_many_requests', limitBrokenText(broken));
}

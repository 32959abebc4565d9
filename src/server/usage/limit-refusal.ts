import { limitRefusalMessage, limitResetDate, type LimitRefusal, type MonthlyLimitKind } from '../../contracts';
import { blendedPrice } from '../../gateway';
import { AppError } from '../http/app-error';
import type { UsableModel } from './usable-model';
import type { RequestFit } from './call-room';
import { usdNumber } from '../../money';
import { limitPeriod } from './monthly-limits';
import { noTotals, type LimitTotals } from './reservation-repository';

/** A cheaper model to offer instead, as the refusal names it. */
export type Alternative = LimitRefusal['alternative'];

/**
 * The model to offer when `refused` has reached a limit: one the role enables that is cheaper
 * (blended price) and still has room for this request; of those, the strongest and then the
 * priciest, the nearest to what was asked for. Null when there is none.
 */
export function cheaperAlternative(
  refused: UsableModel,
  usable: readonly UsableModel[],
  hasRoom: (candidate: UsableModel) => boolean,
): Alternative {
  const price = blendedPrice(refused.model);
  const best = usable
    .filter(
      (candidate) =>
        candidate.model.id !== refused.model.id && blendedPrice(candidate.model) < price && hasRoom(candidate),
    )
    .sort(
      (first, second) => second.model.tier - first.model.tier || blendedPrice(second.model) - blendedPrice(first.model),
    )[0];
  return best ? { model_id: best.model.id, name: best.model.displayName } : null;
}

/**
 * The 429 of a request refused by a monthly limit, with the body's `limit`: 'exceeded' when what
 * is taken leaves no room for the prompt, 'does_not_fit' (with `fit`) when a shorter reply would fit. Retry-After points at
 * the reset when the recorded usage alone has reached the limit; when replies still being written
 * hold the room, it is left out (they end soon, and may give room back).
 */
export function limitExceeded(
  usable: UsableModel,
  kind: MonthlyLimitKind,
  totals: LimitTotals | undefined,
  alternative: Alternative,
  now = new Date(),
  fit?: RequestFit,
): AppError {
  const taken = totals ?? noTotals;
  const isTokens = kind === 'monthly_token_limit';
  const refusal: LimitRefusal = {
    kind,
    model_id: usable.model.id,
    model_name: usable.model.displayName,
    limit: isTokens ? (usable.monthlyTokenLimit ?? 0) : usdNumber(usable.costLimitPicodollars ?? 0n),
    used: isTokens ? Number(taken.usedTokens) : usdNumber(taken.usedCostPicodollars),
    reserved: isTokens ? Number(taken.reservedTokens) : usdNumber(taken.reservedCostPicodollars),
    resets_on: limitResetDate(now),
    alternative,
    ...(fit
      ? {
          reason: 'does_not_fit' as const,
          request_tokens: fit.inputTokens + fit.outputCap,
          reply_tokens: fit.outputCap,
          fitting_reply_tokens: fit.fittingOutputTokens,
        }
      : { reason: 'exceeded' as const }),
  };
  const spentAlready = refusal.used >= refusal.limit;
  const secondsToReset = Math.ceil((limitPeriod(now).end.getTime() - now.getTime()) / 1000);
  return new AppError('too_many_requests', limitRefusalMessage(refusal), {
    limit: refusal,
    retryAfterSeconds: spentAlready ? secondsToReset : undefined,
  });
}

import { limitResetDate, type ModelLimitUsage } from '../../contracts';
import { isAboveWarningShare, usdNumber } from './limit-arithmetic';
import { limitsOf, type Limited } from './monthly-limits';
import { noTotals, type LimitTotals } from './reservation-repository';

/**
 * One model's standing against the caller's monthly limits, as the model list shows it; undefined
 * without limits. The warning names the limit above 90% (spec section 9), counting the room held
 * by replies being written, as the next request would.
 */
export function presentLimitUsage(
  usable: Limited,
  totals: LimitTotals | undefined,
  now = new Date(),
): ModelLimitUsage | undefined {
  const limits = limitsOf(usable);
  if (!limits) return undefined;
  const taken = totals ?? noTotals;
  const tokensTaken = taken.usedTokens + taken.reservedTokens;
  const costTaken = taken.usedCostPicodollars + taken.reservedCostPicodollars;
  const overTokens = limits.tokens !== undefined && isAboveWarningShare(tokensTaken, limits.tokens);
  const overCost = limits.costPicodollars !== undefined && isAboveWarningShare(costTaken, limits.costPicodollars);
  return {
    token_limit: usable.monthlyTokenLimit ?? Number.MAX_SAFE_INTEGER,
    tokens_used: Number(taken.usedTokens),
    tokens_reserved: Number(taken.reservedTokens),
    cost_limit: usable.costLimitUsd ?? Number.MAX_SAFE_INTEGER,
    cost_used: usdNumber(taken.usedCostPicodollars),
    cost_reserved: usdNumber(taken.reservedCostPicodollars),
    resets_on: limitResetDate(now),
    warning: overTokens ? 'monthly_token_limit' : overCost ? 'cost_limit' : null,
  };
}

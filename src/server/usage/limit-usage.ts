import { limitResetDate, type ModelLimitUsage } from '../../contracts';
import { usdNumber } from '../../money';
import { heldInputTokens, isAboveWarningShare } from './limit-arithmetic';
import type { UsableModel } from './usable-model';
import { limitsOf, type Limited } from './monthly-limits';
import { noTotals, type LimitTotals } from './reservation-repository';

/**
 * One model's standing against the caller's monthly limits, as the model list shows it; undefined
 * without limits. The warning names the limit above 90% (spec section 9), counting the room held
 * by replies being written, as the next request would; and, below 90%, the token limit when less
 * is left than one message may take (its largest prompt and reply), so that the warning comes
 * before any refusal the user could foresee (docs/decisions/051).
 */
export function presentLimitUsage(
  usable: Limited & Partial<Pick<UsableModel, 'maxTokensPerRequest'>>,
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
  const requestMax = largestRequestTokens(usable);
  const tooLittleLeft =
    limits.tokens !== undefined && requestMax !== undefined && limits.tokens - tokensTaken < BigInt(requestMax);
  return {
    token_limit: usable.monthlyTokenLimit ?? Number.MAX_SAFE_INTEGER,
    tokens_used: Number(taken.usedTokens),
    tokens_reserved: Number(taken.reservedTokens),
    cost_limit:
      usable.costLimitPicodollars === undefined ? Number.MAX_SAFE_INTEGER : usdNumber(usable.costLimitPicodollars),
    cost_used: usdNumber(taken.usedCostPicodollars),
    cost_reserved: usdNumber(taken.reservedCostPicodollars),
    resets_on: limitResetDate(now),
    warning: overTokens
      ? 'monthly_token_limit'
      : overCost
        ? 'cost_limit'
        : tooLittleLeft
          ? 'monthly_token_limit'
          : null,
    ...(requestMax !== undefined ? { request_tokens_max: requestMax } : {}),
  };
}

/**
 * The most one message may take of the token limit when its reply may not be shortened: its
 * largest prompt held with its margin, and its whole reply. A role that shortens replies is only
 * refused when a prompt alone does not fit, which no warning could foresee: none then.
 */
function largestRequestTokens(
  usable: Partial<Pick<UsableModel, 'maxTokensPerRequest' | 'replyTokenCap' | 'shortenReplyToFit'>>,
) {
  if (usable.shortenReplyToFit || usable.maxTokensPerRequest === undefined || usable.replyTokenCap === undefined)
    return undefined;
  return heldInputTokens(usable.maxTokensPerRequest) + usable.replyTokenCap;
}

import { apiKeyMessages, limitResetDate } from '../../contracts';
import { AppError } from '../http/app-error';
import { usdNumber } from '../../money';
import { limitPeriod } from '../usage/monthly-limits';

/**
 * The 429 of a call its API key's monthly budget has no room for (docs/decisions/055): the budget,
 * what is spent or held of it, and the reset (the first of next month, UTC), with Retry-After
 * pointing at that reset.
 */
export function apiKeyBudgetUsed(
  budget: { budgetPicodollars: bigint; takenPicodollars: bigint },
  now = new Date(),
): AppError {
  const dollars = (picodollars: bigint) => {
    const usd = usdNumber(picodollars);
    return `$${usd === 0 || usd >= 0.01 ? usd.toFixed(2) : usd.toPrecision(2)}`;
  };
  const secondsToReset = Math.ceil((limitPeriod(now).end.getTime() - now.getTime()) / 1000);
  return new AppError(
    'too_many_requests',
    apiKeyMessages.budgetUsed(dollars(budget.budgetPicodollars), dollars(budget.takenPicodollars), limitResetDate(now)),
    { retryAfterSeconds: secondsToReset },
  );
}

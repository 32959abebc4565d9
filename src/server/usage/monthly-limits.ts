import { messages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import type { UsableModel } from '../conversations/model-access';
import { monthBounds, usageByModel } from './usage-repository';

type Limited = Pick<UsableModel, 'model' | 'monthlyTokenLimit' | 'costLimitUsd'>;

/**
 * The role's monthly limits on each model (spec sections 3 and 6): tokens already used this month
 * plus this request's must stay within the token limit, and the cost so far within the cost limit.
 * Answers, per model id, the spec text of the limit a request would break (none: may go ahead).
 * Admin-named roles have no limits. One query for all the models.
 */
export async function monthlyLimitVerdicts(
  db: Executor,
  caller: Caller,
  models: readonly Limited[],
  requestTokens: number,
  now = new Date(),
): Promise<Map<string, string>> {
  const limited = models.filter((usable) => usable.monthlyTokenLimit !== undefined || usable.costLimitUsd !== undefined);
  const verdicts = new Map<string, string>();
  if (limited.length === 0) return verdicts;
  const period = monthBounds(now.getUTCFullYear(), now.getUTCMonth());
  const used = new Map((await usageByModel(db, caller.orgId, caller.userId, period)).map((row) => [row.modelId, row]));
  for (const usable of limited) {
    const tokens = used.get(usable.model.id)?.tokens ?? 0;
    const cost = used.get(usable.model.id)?.costUsd ?? 0;
    if (usable.monthlyTokenLimit !== undefined && tokens + requestTokens > usable.monthlyTokenLimit) verdicts.set(usable.model.id, messages.monthlyTokenLimitExceeded);
    else if (usable.costLimitUsd !== undefined && cost >= usable.costLimitUsd) verdicts.set(usable.model.id, messages.monthlyCostLimitExceeded);
  }
  return verdicts;
}

/** Throws 403 with a text the web app recognises when the request would break a monthly limit. */
export async function checkMonthlyLimits(db: Executor, caller: Caller, usable: Limited, requestTokens: number, now = new Date()): Promise<void> {
  const problem = (await monthlyLimitVerdicts(db, caller, [usable], requestTokens, now)).get(usable.model.id);
  if (problem) throw new AppError('forbidden', problem);
}

import { messages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError } from '../http/app-error';
import type { Caller } from '../http/context';
import type { UsableModel } from '../conversations/model-access';
import { monthBounds, usageByModel } from './usage-repository';

/**
 * The role's monthly limits on a model (spec sections 3 and 6): tokens already used this month
 * plus this request's must stay within the token limit, and the cost so far within the cost limit.
 * Admin-named roles have none. Throws 403 with a text the web app recognises.
 */
export async function checkMonthlyLimits(db: Executor, caller: Caller, usable: UsableModel, requestTokens: number, now = new Date()): Promise<void> {
  if (usable.monthlyTokenLimit === undefined && usable.costLimitUsd === undefined) return;
  const period = monthBounds(now.getUTCFullYear(), now.getUTCMonth());
  const [used] = await usageByModel(db, caller.orgId, caller.userId, period, usable.model.id);
  const tokens = used?.tokens ?? 0;
  const cost = used?.costUsd ?? 0;
  if (usable.monthlyTokenLimit !== undefined && tokens + requestTokens > usable.monthlyTokenLimit) {
    throw new AppError('forbidden', messages.monthlyTokenLimitExceeded);
  }
  if (usable.costLimitUsd !== undefined && cost >= usable.costLimitUsd) {
    throw new AppError('forbidden', messages.monthlyCostLimitExceeded);
  }
}

import { priceOfTokens, sumPicodollars, usdNumber } from '../../money';
import { isAdministrator, messages, monthPattern, type MonthlyUsage } from '../../contracts';
import { findModel } from '../../gateway';
import type { PriceBook } from '../pricing/price-book';
import { listUsableModels, type ModelAccessDependencies } from './model-access';
import { AppError, forbidden, notFound, validationFailed } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { findUser } from '../users/user-repository';
import { monthBounds, usageByModel } from './usage-repository';
import { checkMonthlyLimits } from './monthly-limits';

/** What token counts and estimates read: model access, and the price book for estimates (docs/decisions/071). */
export type TokenDependencies = ModelAccessDependencies & { prices: PriceBook };
type Dependencies = TokenDependencies;

/** A user's usage in one month: their own, or any user of their organisation for an admin. */
export async function monthlyUsage(
  dependencies: Dependencies,
  caller: Caller,
  userId: string,
  month: string,
): Promise<MonthlyUsage> {
  if (!monthPattern.test(month)) throw validationFailed(messages.invalidMonth);
  if (userId !== caller.userId) {
    if (!isAdministrator(callerAccess(caller))) throw forbidden();
    if (!/^[0-9a-f-]{36}$/i.test(userId) || !(await findUser(dependencies.db, caller.orgId, userId))) throw notFound();
  }
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const totals = await usageByModel(dependencies.db, caller.orgId, userId, monthBounds(year, monthNumber - 1));
  return {
    user_id: userId,
    month,
    total_tokens: totals.reduce((sum, total) => sum + total.tokens, 0),
    total_cost: usdNumber(sumPicodollars(totals.map((total) => total.costPicodollars))),
    monthly_usage: totals.map((total) => ({
      model_id: total.modelId,
      tokens_used: total.tokens,
      cost: usdNumber(total.costPicodollars),
      requests: total.requests,
    })),
  };
}

/** The input cost of `tokenCount` tokens on a catalog model. */
export function estimateCost(
  dependencies: Pick<Dependencies, 'catalog' | 'prices'>,
  modelId: string,
  tokenCount: number,
) {
  const model = findModel(dependencies.catalog, modelId);
  if (!model) throw notFound(messages.modelNotFound);
  return {
    model_id: model.id,
    token_count: tokenCount,
    cost: usdNumber(priceOfTokens(dependencies.prices.pricesAt(model, new Date()).input, tokenCount)),
  };
}

/** Whether the caller may send `tokenCount` tokens to the model now; refusals are answers, not errors. */
export async function validateTokens(
  dependencies: Dependencies,
  caller: Caller,
  input: { org_id: string; user_id: string; model_id: string; token_count: number },
): Promise<{ valid: boolean; message: string }> {
  if (input.org_id !== caller.orgId || input.user_id !== caller.userId) throw forbidden();
  const usable = (await listUsableModels(dependencies, caller)).find(
    (candidate) => candidate.model.id === input.model_id,
  );
  if (!usable) return { valid: false, message: messages.noModelAccess };
  if (input.token_count > usable.maxTokensPerRequest)
    return { valid: false, message: messages.messageTooLong(usable.maxTokensPerRequest) };
  try {
    await checkMonthlyLimits(
      dependencies.db,
      dependencies.prices,
      caller,
      usable,
      input.token_count,
      undefined,
      dependencies.leases?.book,
    );
  } catch (error) {
    if (error instanceof AppError) return { valid: false, message: error.message };
    throw error;
  }
  return { valid: true, message: 'OK' };
}

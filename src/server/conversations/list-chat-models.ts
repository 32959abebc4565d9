import type { ChatModel } from '../../contracts';
import type { Caller } from '../http/context';
import { presentLimitUsage } from '../usage/limit-usage';
import { monthlyTotals } from '../usage/monthly-limits';
import type { ConversationDependencies } from './conversation-dependencies';
import { listUsableModels, presentModel } from './model-access';

/**
 * `GET /conversation/models`: the models the caller's role enables (and the instance or the
 * organisation has keys for), each with the caller's standing against its monthly limits.
 */
export async function listChatModels(dependencies: Pick<ConversationDependencies, 'db' | 'catalog' | 'providers' | 'localModelEnabled'>, caller: Caller): Promise<ChatModel[]> {
  const usable = await listUsableModels(dependencies, caller);
  const now = new Date();
  const totals = await monthlyTotals(dependencies.db, caller, usable, now);
  return usable.map((model) => {
    const limits = presentLimitUsage(model, totals.get(model.model.id), now);
    return limits ? { ...presentModel(model), limits } : presentModel(model);
  });
}

import type { ChatModelsResponse } from '../../contracts';
import type { Caller } from '../http/context';
import { getOrganisationSettings } from '../organisations/organisation-settings-service';
import { presentLimitUsage } from '../usage/limit-usage';
import { monthlyTotals } from '../usage/monthly-limits';
import type { ConversationDependencies } from './conversation-dependencies';
import { listUsableModels, presentModel } from '../usage/model-access';
import { startingModelId } from './starting-model';

/**
 * `GET /conversation/models`: the models the caller's role enables (and the instance or the
 * organisation has keys for), each with the caller's standing against its monthly limits, and
 * where the model selector starts (docs/decisions/021).
 */
export async function listChatModels(
  dependencies: Pick<ConversationDependencies, 'db' | 'catalog' | 'providers' | 'localModelEnabled' | 'leases'>,
  caller: Caller,
): Promise<ChatModelsResponse> {
  const settings = await getOrganisationSettings(dependencies.db, caller.orgId);
  const usable = await listUsableModels(dependencies, caller, settings);
  const now = new Date();
  const totals = await monthlyTotals(dependencies.db, caller, usable, now, dependencies.leases?.book);
  const models = usable.map((model) => {
    const limits = presentLimitUsage(model, totals.get(model.model.id), now);
    return limits ? { ...presentModel(model), limits } : presentModel(model);
  });
  return { models, default_model_id: await startingModelId(dependencies.db, caller, usable, settings) };
}

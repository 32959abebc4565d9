import { automaticModelId, type ProgramModel, type ProgramModelList } from '../../contracts';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { listUsableModels } from '../conversations/model-access';
import type { Caller } from '../http/context';

export type ProgramModelDependencies = Pick<
  ConversationDependencies,
  'db' | 'catalog' | 'providers' | 'localModelEnabled'
>;

/** Our product's name as `owned_by` of `auto`, which the router resolves to one of the models listed. */
const router = 'tokenwise';

/**
 * GET /v1/models: the models the key may use (its role's, through the providers its organisation
 * reaches, exactly what the chat offers the same person), in OpenAI's list shape, plus `auto` when
 * there is any to route among.
 */
export async function listProgramModels(
  dependencies: ProgramModelDependencies,
  caller: Caller,
): Promise<ProgramModelList> {
  const usable = await listUsableModels(dependencies, caller);
  const models: ProgramModel[] = usable.map(({ model }) => ({
    id: model.id,
    object: 'model',
    created: Math.floor(Date.parse(model.pricesAsOf) / 1000),
    owned_by: model.provider,
  }));
  const automatic: ProgramModel[] =
    models.length > 0 ? [{ id: automaticModelId, object: 'model', created: 0, owned_by: router }] : [];
  return { object: 'list', data: [...automatic, ...models] };
}

import { automaticModelId, type ProgramModel, type ProgramModelList } from '../../contracts';
import type { CatalogModel, EmbeddingModel } from '../../gateway';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { listUsableModels } from '../usage/model-access';
import type { Caller } from '../http/context';

export type ProgramModelDependencies = Pick<
  ConversationDependencies,
  'db' | 'catalog' | 'providers' | 'localModelEnabled'
>;

/** What the model list reads: the chat's catalog and the embedding models (docs/decisions/060). */
export type ProgramModelListDependencies = ProgramModelDependencies & {
  embeddingModels: readonly EmbeddingModel[];
};

/** Our product's name as `owned_by` of `auto`, which the router resolves to one of the models listed. */
const router = 'tokenwise';

/**
 * GET /v1/models: the models the key may use (its role's, through the providers its organisation
 * reaches, exactly what the chat offers the same person), then the embedding models it may use for
 * /v1/embeddings, in OpenAI's list shape, plus `auto` when there is a chat model to route among.
 */
export async function listProgramModels(
  dependencies: ProgramModelListDependencies,
  caller: Caller,
): Promise<ProgramModelList> {
  const chat = (await listUsableModels(dependencies, caller)).map(({ model }) => listed(model));
  const embedding = (await listUsableModels({ ...dependencies, catalog: dependencies.embeddingModels }, caller)).map(
    ({ model }) => listed(model),
  );
  const automatic: ProgramModel[] =
    chat.length > 0 ? [{ id: automaticModelId, object: 'model', created: 0, owned_by: router }] : [];
  return { object: 'list', data: [...automatic, ...chat, ...embedding] };
}

function listed(model: CatalogModel): ProgramModel {
  return {
    id: model.id,
    object: 'model',
    created: Math.floor(Date.parse(model.pricesAsOf) / 1000),
    owned_by: model.provider,
  };
}

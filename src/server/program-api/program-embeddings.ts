import type { Picodollars } from '../../money';
import {
  maxEmbeddingRequestTokens,
  programChatMessages,
  programEmbeddingMessages,
  type EmbeddingsRequest,
  type EmbeddingsResponse,
} from '../../contracts';
import { estimateTextTokens, findModel, isProviderAvailable, type EmbeddingModel } from '../../gateway';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { listUsableModels } from '../usage/model-access';
import { invalidParameter } from './openai-chat-request';
import type { ApiKeyCaller } from './program-api-context';
import { modelNotFound, ProgramApiError } from './program-api-error';

export type ProgramEmbeddingDependencies = Pick<
  ConversationDependencies,
  'db' | 'catalog' | 'providers' | 'localModelEnabled' | 'meteredCalls'
> & {
  /** The embedding models the product knows (kept out of the chat's catalog). */
  embeddingModels: readonly EmbeddingModel[];
};

/** The answer and what its headers say. */
export interface ProgramEmbeddings {
  body: EmbeddingsResponse;
  modelId: string;
  costPicodollars: Picodollars;
}

/**
 * POST /v1/embeddings (docs/decisions/060): the named embedding model, if the key's role may use
 * it through a provider the organisation reaches, asked for every text as one metered call (held
 * against the limits, the key's budget and the wallet, recorded with the key); vectors as floats or
 * as base64 of little-endian float32, as OpenAI sends them.
 */
export async function createProgramEmbeddings(
  dependencies: ProgramEmbeddingDependencies,
  caller: ApiKeyCaller,
  request: EmbeddingsRequest,
  signal?: AbortSignal,
): Promise<ProgramEmbeddings> {
  const model = await embeddingModelFor(dependencies, caller, request.model);
  const usable = (await listUsableModels({ ...dependencies, catalog: dependencies.embeddingModels }, caller)).find(
    (candidate) => candidate.model.id === model.id,
  );
  if (!usable)
    throw new ProgramApiError({
      status: 403,
      message: programChatMessages.modelNotAllowed(model.id),
      openAi: { type: 'invalid_request_error', code: 'model_not_found', param: 'model' },
      anthropicType: 'permission_error',
    });
  const values = typeof request.input === 'string' ? [request.input] : request.input;
  checkSize(model, values);
  const dimensions = checkedDimensions(model, request.dimensions);
  const answer = await dependencies.meteredCalls.embed({
    asker: {
      caller,
      source: 'api',
      apiKey: { id: caller.apiKey.id, monthlyBudgetPicodollars: caller.apiKey.monthlyBudgetPicodollars },
    },
    usable: { ...usable, model },
    values,
    dimensions,
    signal,
  });
  const base64 = request.encoding_format === 'base64';
  return {
    body: {
      object: 'list',
      data: answer.embeddings.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: base64 ? float32Base64(vector) : vector,
      })),
      model: model.id,
      usage: { prompt_tokens: answer.inputTokens, total_tokens: answer.inputTokens },
    },
    modelId: model.id,
    costPicodollars: answer.costPicodollars,
  };
}

/** The embedding model named, if the organisation reaches its provider; a chat model is a 400, anything else a 404. */
async function embeddingModelFor(
  dependencies: ProgramEmbeddingDependencies,
  caller: ApiKeyCaller,
  named: string,
): Promise<EmbeddingModel> {
  // OpenAI's own names ('text-embedding-3-small') too, as programs written for OpenAI send them.
  const model =
    (findModel(dependencies.embeddingModels, named) as EmbeddingModel | undefined) ??
    dependencies.embeddingModels.find(
      (candidate) => candidate.providerModelId === named && candidate.provider === 'openai',
    );
  if (!model) {
    if (findModel(dependencies.catalog, named))
      throw new ProgramApiError({
        status: 400,
        message: programEmbeddingMessages.notAnEmbeddingModel(named),
        openAi: { type: 'invalid_request_error', code: 'model_not_found', param: 'model' },
        anthropicType: 'invalid_request_error',
      });
    throw modelNotFound(programEmbeddingMessages.noSuchModel(named));
  }
  const credentials = await dependencies.providers.credentialsFor(caller.orgId);
  if (!isProviderAvailable(model.provider, credentials, { localModelEnabled: dependencies.localModelEnabled }))
    throw modelNotFound(programEmbeddingMessages.noSuchModel(named));
  return model;
}

/** Every text must fit the model's input window, and all of them one request's bound, before anything is held. */
function checkSize(model: EmbeddingModel, values: readonly string[]): void {
  let total = 0;
  for (const [index, value] of values.entries()) {
    const tokens = estimateTextTokens(value);
    if (tokens > model.contextWindow)
      throw invalidParameter(
        programEmbeddingMessages.inputTooLong(index, tokens, model.contextWindow, model.id),
        'input',
      );
    total += tokens;
  }
  if (total > maxEmbeddingRequestTokens)
    throw invalidParameter(programEmbeddingMessages.requestTooLarge(total), 'input');
}

function checkedDimensions(model: EmbeddingModel, dimensions: number | undefined): number | undefined {
  if (dimensions === undefined) return undefined;
  if (!model.acceptsDimensions)
    throw invalidParameter(programEmbeddingMessages.dimensionsNotSupported(model.id), 'dimensions');
  if (dimensions > model.defaultDimensions)
    throw invalidParameter(
      programEmbeddingMessages.dimensionsTooLarge(model.id, model.defaultDimensions),
      'dimensions',
    );
  return dimensions;
}

/** A vector as OpenAI's base64 encoding: float32, little-endian, whatever this machine's order. */
function float32Base64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (const [index, value] of vector.entries()) bytes.writeFloatLE(value, index * 4);
  return bytes.toString('base64');
}

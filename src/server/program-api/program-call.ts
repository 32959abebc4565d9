import { randomUUID } from 'node:crypto';
import { modelAccessDeniedMessage, programChatMessages } from '../../contracts';
import { costOfUsage, findModel, type LazyPromptEmbedding } from '../../gateway';
import { maxPicodollars, type Picodollars, usdDecimal } from '../../money';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { listUsableModels } from '../usage/model-access';
import { AppError } from '../http/app-error';
import type { MeteredCall } from '../metered-calls/metered-call';
import { insertDecision } from '../metered-calls/decision-repository';
import { refuseOverLimit, routeRequest, type RoutedRequest } from '../routing/route-request';
import { expectedReplyTokens } from '../conversations/start-routed-reply';
import { fitRouteToRequest } from './model-capabilities';
import {
  answerFromCache,
  cacheMayAnswer,
  lookUpProgramCache,
  storeProgramAnswer,
  type ProgramCacheAnswer,
} from './program-cache';
import type { ApiKeyCaller } from './program-api-context';
import { modelNotFound, ProgramApiError } from './program-api-error';
import { routedDecision } from './program-decision';
import { userTurns, type ProgramRequest } from './program-request';

/** How the semantic cache took part: answered, looked and missed, or was not asked. */
type CacheUse = 'hit' | 'miss' | 'off';

/** A program's request, answered from the cache or by a model whose first part is in. */
export type ProgramAnswer =
  | { kind: 'cached'; cache: 'hit'; answer: ProgramCacheAnswer }
  | {
      kind: 'model';
      cache: Exclude<CacheUse, 'hit'>;
      call: MeteredCall<RoutedRequest>;
      decisionId: string;
      /** The decision's estimate, before the reply exists (streamed answers' headers carry it). */
      estimate: { costPicodollars: Picodollars; savingPicodollars: Picodollars };
    };

export interface ProgramCallOptions {
  /** The program said `x-tokenwise-cache: off`. */
  cacheOff: boolean;
  signal?: AbortSignal;
}

/**
 * Answers a program's request as the chat answers a message (docs/decisions/055): routed by the
 * organisation's policy (`auto`) or on the named model within the key's role, fitted to what the
 * request asks (tools, images, JSON), answered from the semantic cache when that is safe, otherwise
 * through the one metered call, held against the key's role limits, its budget and the wallet, and
 * recorded with the key.
 */
export async function startProgramCall(
  dependencies: ConversationDependencies,
  caller: ApiKeyCaller,
  request: ProgramRequest,
  options: ProgramCallOptions,
): Promise<ProgramAnswer> {
  const { prompt, previous } = userTurns(request);
  const named = request.model === 'auto' ? null : request.model;
  const usable = await listUsableModels(dependencies, caller);
  // Embedded at most once, and only if the router or the cache's semantic tier asks (docs/decisions/062).
  const promptEmbedding = dependencies.routing.cache?.embeddingFor(prompt);
  const route = async (overLimit?: Parameters<typeof routeRequest>[5]) =>
    fitRouteToRequest(
      await routeNamed(dependencies, caller, { prompt, named, previous, promptEmbedding }, overLimit),
      usable,
      request,
    );
  const routed = await route();

  const cacheOn = !options.cacheOff && caller.apiKey.cacheEnabled && cacheMayAnswer(request, routed);
  const lookup = cacheOn
    ? await lookUpProgramCache(dependencies, caller, request, routed, usable, promptEmbedding)
    : undefined;
  if (lookup?.hit)
    return {
      kind: 'cached',
      cache: 'hit',
      answer: await answerFromCache(dependencies, caller, request, routed, lookup),
    };

  const decisionId = randomUUID();
  const estimate = { costPicodollars: 0n, savingPicodollars: 0n };
  const { options: sent } = request;
  const call = await dependencies.meteredCalls.open({
    asker: {
      caller,
      source: 'api',
      apiKey: { id: caller.apiKey.id, monthlyBudgetPicodollars: caller.apiKey.monthlyBudgetPicodollars },
    },
    plan: routed,
    request: () => ({
      messages: request.messages,
      ...sent,
      temperature: sent.temperature ?? routed.settings.default_temperature,
    }),
    reroute: routed.mode === 'auto' ? (overLimit) => route(overLimit) : undefined,
    refuse: (refused, broken) => refuseOverLimit(dependencies, caller, usable, refused, broken, prompt),
    decisionId,
    // The decision is written while the model starts, as the chat's is.
    beside: async (planned, primary) => {
      const expected = { inputTokens: primary.inputTokens, cachedInputTokens: 0, outputTokens: expectedReplyTokens };
      const now = new Date();
      const referenceCost = costOfUsage(dependencies.prices.pricesAt(planned.reference, now), expected);
      estimate.costPicodollars = costOfUsage(dependencies.prices.pricesAt(planned.primary.model, now), expected);
      estimate.savingPicodollars = maxPicodollars(0n, referenceCost - estimate.costPicodollars);
      return {
        write: async (transaction) => {
          await insertDecision(transaction, {
            id: decisionId,
            ...routedDecision(planned, caller),
            reason: planned.reason,
            reasonText: planned.reasonText,
            primaryModelId: planned.primary.model.id,
            backupModelId: planned.backup?.model.id,
            estimatedCostUsd: usdDecimal(estimate.costPicodollars),
            estimatedReferenceCostUsd: usdDecimal(referenceCost),
          });
        },
      };
    },
    signal: options.signal,
  });
  if (!cacheOn) return { kind: 'model', cache: 'off', call, decisionId, estimate };
  // The answer is stored before the call counts as settled, so the program's next identical request finds it.
  const settled = call.settled.then(async (settlement) => {
    await storeProgramAnswer(dependencies, caller, request, routed, { decisionId, settlement }, promptEmbedding);
    // The judge's verdict on the lookup, when it asked one, is learned once the answer is done (docs/decisions/080).
    dependencies.routing.cacheLearning?.afterReply(caller.orgId, lookup?.judgedPair);
    return settlement;
  });
  return { kind: 'model', cache: 'miss', call: settledAfter(call, settled), decisionId, estimate };
}

/** The same call, whose `settled` resolves only once `settled` has. */
function settledAfter(
  call: MeteredCall<RoutedRequest>,
  settled: MeteredCall<RoutedRequest>['settled'],
): MeteredCall<RoutedRequest> {
  return {
    plan: call.plan,
    model: call.model,
    fellBackFrom: call.fellBackFrom,
    stream: call.stream,
    abort: () => call.abort(),
    settled,
  };
}

/**
 * The chat's routing, with a named model's refusals in the SDKs' terms: a model the catalog lacks
 * is 404 `model_not_found`, one the key's role lacks 403 with the same code.
 */
async function routeNamed(
  dependencies: ConversationDependencies,
  caller: ApiKeyCaller,
  asked: { prompt: string; named: string | null; previous: string | undefined; promptEmbedding?: LazyPromptEmbedding },
  overLimit?: Parameters<typeof routeRequest>[5],
): Promise<RoutedRequest> {
  const { prompt, named, previous, promptEmbedding } = asked;
  try {
    return await routeRequest(dependencies, caller, prompt, named, previous, overLimit, promptEmbedding);
  } catch (error) {
    if (
      named &&
      error instanceof AppError &&
      error.code === 'forbidden' &&
      error.message === modelAccessDeniedMessage
    ) {
      if (!findModel(dependencies.catalog, named)) throw modelNotFound(`The model '${named}' does not exist.`);
      throw new ProgramApiError({
        status: 403,
        message: programChatMessages.modelNotAllowed(named),
        openAi: { type: 'invalid_request_error', code: 'model_not_found', param: 'model' },
        anthropicType: 'permission_error',
      });
    }
    throw error;
  }
}

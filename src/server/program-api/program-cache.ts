import { parsePicodollars, type Picodollars } from '../../money';
import { randomUUID } from 'node:crypto';
import { findModel, type CacheRequest, type CatalogModel, type LazyPromptEmbedding } from '../../gateway';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { saveUsageRecord } from '../metered-calls/usage-record-repository';
import { createCallerJudge } from '../routing/cache-judge';
import { cacheSettingsFor } from '../routing/cache-lookup-settings';
import type { UsableModel } from '../usage/usable-model';
import { listUsableModels } from '../usage/model-access';
import type { CacheHit } from '../conversations/answered-from-cache';
import { recordCacheHit } from '../routing/cache-learning/cache-quality-repository';
import { servedPairOf } from '../routing/cache-learning/judged-pair';
import { completeDecision, insertDecision } from '../metered-calls/decision-repository';
import type { RoutedRequest } from '../routing/route-request';
import type { CallSettlement } from '../metered-calls/metered-call';
import type { ApiKeyCaller } from './program-api-context';
import { routedDecision } from './program-decision';
import type { ProgramRequest } from './program-request';

/** A program's request answered from the semantic cache, on the books. */
export interface ProgramCacheAnswer {
  text: string;
  model: CatalogModel;
  decisionId: string;
  /** What the reply would have cost at the reference model: the saving. */
  savingPicodollars: Picodollars;
}

/**
 * Whether the semantic cache may answer this request (docs/decisions/055): only plain text turns,
 * with no tools or tool results in play, no response format, no images, and a temperature no
 * higher than the organisation's chat uses (a program asking for more variety wants a new answer).
 */
export function cacheMayAnswer(request: ProgramRequest, route: RoutedRequest): boolean {
  const { asked, options } = request;
  if (asked.tools || asked.images || asked.responseFormat) return false;
  return options.temperature === undefined || options.temperature <= route.settings.default_temperature;
}

/** The cache's view of the request: the latest user turn, the turns before it and the system prompt. */
function cacheRequestOf(request: ProgramRequest, route: RoutedRequest): CacheRequest {
  const turns = request.messages.filter((message) => message.role !== 'system');
  const last = turns.at(-1);
  return {
    prompt: last?.role === 'user' ? last.content : '',
    contextMessages: turns.slice(0, -1),
    systemPrompt: request.messages
      .filter((message) => message.role === 'system')
      .map((message) => message.content)
      .join('\n'),
    modelClass: route.mode === 'auto' ? `auto:tier-${route.primary.model.tier}` : route.primary.model.id,
  };
}

/**
 * Looks the request up (a hit, or a miss with the judge's verdict when it was asked); a failing
 * cache only costs the saving (a model answers). A borderline match goes to the same-question judge
 * when it is on, as the chat's does: a metered call on the caller's models, held against the key's
 * budget too, recorded as the chat's judge is (source 'cache-judge').
 */
export async function lookUpProgramCache(
  dependencies: ConversationDependencies,
  caller: ApiKeyCaller,
  request: ProgramRequest,
  route: RoutedRequest,
  /** The models the key's caller may use: the judge is the cheapest cloud one of them. */
  usable: readonly UsableModel[],
  /** The request's embedding of its prompt, shared with the router. */
  promptEmbedding?: LazyPromptEmbedding,
) {
  const cache = dependencies.routing.cache;
  const cacheRequest = cacheRequestOf(request, route);
  if (!cache || cacheRequest.prompt === '') return undefined;
  const settings = cacheSettingsFor(route.policy, dependencies.routing.cacheDefaults, route.calibration.cache);
  const apiKey = { id: caller.apiKey.id, monthlyBudgetPicodollars: caller.apiKey.monthlyBudgetPicodollars };
  const judgeFor = dependencies.routing.cacheJudge
    ? async () => createCallerJudge(dependencies, caller, usable, apiKey)
    : undefined;
  return cache
    .lookup(caller.orgId, cacheRequest, settings, {
      judgeFor,
      embedding: promptEmbedding,
      // Auto's semantic hits are decided by the organisation's learned threshold once it has enough labels (docs/decisions/080).
      learning: { delta: route.policy.cache.error_rate, auto: route.mode === 'auto' },
    })
    .catch((error: unknown) => {
      dependencies.logger.warn({ err: error }, 'cache lookup failed; asking a model');
      return undefined;
    });
}

/**
 * Keeps a program's answer for the cache (docs/decisions/060), when the lookup was safe for the
 * request (the same rules: `cacheMayAnswer`, the key's setting, no `x-tokenwise-cache: off`) and the
 * model finished its answer in text: under the request's scope (system prompt, earlier turns, model
 * class), hung on the call's decision. A failure to store costs only a future hit.
 */
export async function storeProgramAnswer(
  dependencies: ConversationDependencies,
  caller: ApiKeyCaller,
  request: ProgramRequest,
  route: RoutedRequest,
  answer: { decisionId: string; settlement: CallSettlement },
  /** The embedding the lookup made of the prompt (docs/decisions/062): the entry is keyed on it, not embedded again. */
  promptEmbedding?: LazyPromptEmbedding,
): Promise<void> {
  const cache = dependencies.routing.cache;
  const { settlement } = answer;
  const cacheRequest = cacheRequestOf(request, route);
  if (!cache || cacheRequest.prompt === '') return;
  if (settlement.status !== 'complete' || settlement.finishReason !== 'stop' || settlement.text.trim() === '') return;
  const settings = cacheSettingsFor(route.policy, dependencies.routing.cacheDefaults, route.calibration.cache);
  await cache
    .store(
      {
        orgId: caller.orgId,
        decisionId: answer.decisionId,
        request: cacheRequest,
        reply: settlement.text,
        modelId: settlement.model.id,
        referenceCostPicodollars: settlement.referenceCostPicodollars,
        embedding: promptEmbedding,
      },
      settings,
    )
    .catch((error: unknown) =>
      dependencies.logger.warn({ err: error }, "storing a program's answer in the cache failed"),
    );
}

/**
 * Serves a cached reply: no model is called, so it costs nothing; its decision says so and its
 * usage record (source `api`, the key's id) counts the hit and the saving, as the chat's do.
 */
export async function answerFromCache(
  dependencies: ConversationDependencies,
  caller: ApiKeyCaller,
  request: ProgramRequest,
  route: RoutedRequest,
  hit: CacheHit,
): Promise<ProgramCacheAnswer> {
  const started = performance.now();
  const model = findModel(dependencies.catalog, hit.entry.modelId) ?? route.primary.model;
  const saving = parsePicodollars(hit.entry.referenceCostUsd);
  const decisionId = randomUUID();
  await dependencies.db.transaction(async (transaction) => {
    await insertDecision(transaction, {
      id: decisionId,
      ...routedDecision(route, caller),
      reason: 'cache_hit',
      reasonText: hit.reasonText,
      cacheSimilarity: hit.similarity,
      cacheEntryId: hit.entry.id,
      primaryModelId: model.id,
      estimatedCostUsd: '0',
      estimatedReferenceCostUsd: hit.entry.referenceCostUsd,
    });
    const elapsed = Math.round(performance.now() - started);
    await saveUsageRecord(transaction, {
      id: randomUUID(),
      orgId: caller.orgId,
      userId: caller.userId,
      decisionId,
      modelId: model.id,
      inputTokens: 0,
      cachedInputTokens: 0,
      outputTokens: 0,
      costUsd: '0',
      referenceCostUsd: hit.entry.referenceCostUsd,
      cacheHit: true,
      latencyMs: elapsed,
      timeToFirstTokenMs: elapsed,
      estimated: false,
      outcome: 'complete',
      billedToWallet: false,
      finishReason: null,
      source: 'api',
      apiKeyId: caller.apiKey.id,
    });
    // The organisation's cache figures count the hit, and keep the pair of a semantic one (docs/decisions/080).
    await recordCacheHit(transaction, {
      orgId: caller.orgId,
      decisionId,
      decidedBy: hit.decidedBy,
      pair: hit.pair && servedPairOf(hit.pair),
      savedPicodollars: saving - (hit.judged?.costPicodollars ?? 0n),
    });
    await completeDecision(transaction, caller.orgId, decisionId, {
      replyMessageId: null,
      servedModelId: model.id,
      inputTokens: 0,
      outputTokens: 0,
      costPicodollars: 0n,
      referenceCostPicodollars: saving,
    });
  });
  await dependencies.routing.cache?.recordHit(caller.orgId, hit.entry.id);
  // After the answer is on the books: the judge's verdict learned, a hit served without it perhaps checked.
  dependencies.routing.cacheLearning?.afterReply(caller.orgId, hit.judgedPair);
  if (hit.pair && hit.decidedBy !== 'judge')
    dependencies.cacheHitChecks?.consider({
      caller,
      decisionId,
      policy: route.policy,
      query: cacheRequestOf(request, route).prompt,
      cachedPrompt: hit.entry.prompt,
      pair: hit.pair,
      usable: () => listUsableModels(dependencies, caller),
    });
  return { text: hit.entry.reply, model, decisionId, savingPicodollars: saving };
}

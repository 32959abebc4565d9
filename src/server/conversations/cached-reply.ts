import { parsePicodollars, usdDecimal, usdNumber } from '../../money';
import { randomUUID } from 'node:crypto';
import { findModel } from '../../gateway';
import type { Caller } from '../http/context';
import { saveUsageRecord } from '../metered-calls/usage-record-repository';
import { completeDecision, insertDecision } from '../metered-calls/decision-repository';
import { decisionOf, type RoutedRequest } from '../routing/route-request';
import { insertMessage } from './chat-message-repository';
import { touchSession } from './chat-session-repository';
import { noteCacheHit } from '../observability/request-observation';
import type { ConversationDependencies } from './conversation-dependencies';
import type { OpenedReply } from './opened-reply';
import { replyMetadata } from './reply-metadata';
import type { CacheHit } from './answered-from-cache';
import { recordCacheHit } from '../routing/cache-learning/cache-quality-repository';
import { servedPairOf } from '../routing/cache-learning/judged-pair';
import { listUsableModels } from '../usage/model-access';

/**
 * Serves a stored reply through the same stream protocol: no model is called, so it costs nothing;
 * it is recorded as a cache hit with the original reply's reference cost as its saving, and its
 * decision says so. A hit the same-question judge allowed cost the judge's call (recorded by the
 * metered call that asked it): the decision counts that as spent, so its saving is the reference
 * cost less the judge's.
 */
export async function startCachedReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  route: RoutedRequest,
  hit: CacheHit,
  target: { sessionId: string; userMessageId: string; prompt: string },
): Promise<OpenedReply> {
  const started = performance.now();
  const model = findModel(dependencies.catalog, hit.entry.modelId) ?? route.primary.model;
  const decision = await insertDecision(dependencies.db, {
    ...decisionOf(route, caller, target),
    reason: 'cache_hit',
    reasonText: hit.reasonText,
    cacheSimilarity: hit.similarity,
    cacheEntryId: hit.entry.id,
    primaryModelId: model.id,
    estimatedCostUsd: usdDecimal(hit.judged?.costPicodollars ?? 0n),
    estimatedReferenceCostUsd: hit.entry.referenceCostUsd,
  });
  await dependencies.routing.cache?.recordHit(caller.orgId, hit.entry.id);
  const judgeCost = hit.judged?.costPicodollars ?? 0n;
  const saved = parsePicodollars(hit.entry.referenceCostUsd) - judgeCost;
  noteCacheHit({ modelId: model.id, provider: model.provider, savedUsd: usdNumber(saved) });
  const slot = {
    caller,
    sessionId: target.sessionId,
    userMessageId: target.userMessageId,
    replyMessageId: randomUUID(),
  };
  const owner = { orgId: caller.orgId, userId: caller.userId };

  async function run(write: (text: string) => Promise<unknown>) {
    const text = hit.entry.reply;
    await write(text);
    const elapsed = Math.round(performance.now() - started);
    const recorded = await dependencies.db.transaction(async (transaction) => {
      await touchSession(transaction, owner, slot.sessionId);
      const message = await insertMessage(transaction, {
        ...owner,
        id: slot.replyMessageId,
        sessionId: slot.sessionId,
        role: 'assistant',
        parentMessageId: slot.userMessageId,
        content: text,
        modelId: model.id,
        status: 'complete',
        tokens: 0,
      });
      await saveUsageRecord(transaction, {
        id: randomUUID(),
        orgId: caller.orgId,
        userId: caller.userId,
        sessionId: slot.sessionId,
        messageId: message.id,
        decisionId: decision.id,
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
        source: 'chat',
      });
      // The organisation's cache figures count the hit, and keep the pair of a semantic one (docs/decisions/080).
      await recordCacheHit(transaction, {
        orgId: caller.orgId,
        decisionId: decision.id,
        decidedBy: hit.decidedBy,
        pair: hit.pair && servedPairOf(hit.pair),
        savedPicodollars: saved,
      });
      const completed = await completeDecision(transaction, caller.orgId, decision.id, {
        replyMessageId: message.id,
        servedModelId: model.id,
        inputTokens: 0,
        outputTokens: 0,
        costPicodollars: judgeCost,
        referenceCostPicodollars: parsePicodollars(hit.entry.referenceCostUsd),
      });
      return { message, decision: completed };
    });
    const metadata = replyMetadata(slot, { ...recorded, primaryModelId: model.id, tokensUsed: 0 });
    checkLater(dependencies, caller, route, hit, decision.id, target.prompt);
    return { text, metadata };
  }

  return {
    abort: () => {},
    complete: (write) =>
      dependencies.inFlight.track(
        run(write).catch((error: unknown) => {
          dependencies.logger.error({ err: error }, 'recording a cached reply failed');
          return { text: hit.entry.reply, error: { code: 'internal', message: 'The reply could not be saved.' } };
        }),
      ),
  };
}

/** A semantic hit served without the judge, offered for a check at shadow evaluation's rate (docs/decisions/080). */
function checkLater(
  dependencies: ConversationDependencies,
  caller: Caller,
  route: RoutedRequest,
  hit: CacheHit,
  decisionId: string,
  query: string,
): void {
  if (!hit.pair || hit.decidedBy === 'judge' || !dependencies.cacheHitChecks) return;
  dependencies.cacheHitChecks.consider({
    caller,
    decisionId,
    policy: route.policy,
    query,
    cachedPrompt: hit.entry.prompt,
    pair: hit.pair,
    usable: () => listUsableModels(dependencies, caller, route.settings),
  });
}

import { randomUUID } from 'node:crypto';
import { findModel } from '../../gateway';
import type { Caller } from '../http/context';
import { insertDecision } from '../routing/decision-repository';
import { decisionOf, type RoutedRequest } from '../routing/route-request';
import type { ConversationDependencies } from './conversation-dependencies';
import { recordReply } from './record-reply';
import type { OpenedReply } from './reply-run';
import type { CacheHit } from './answered-from-cache';

/**
 * Serves a stored reply through the same stream protocol: it costs nothing, is recorded as a
 * cache hit with the original reply's reference cost as its saving, and its decision says so.
 * A hit the same-question judge allowed cost the judge's call (recorded as its own usage): the
 * decision counts that as spent, so its saving is the reference cost less the judge's.
 */
export async function startCachedReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  route: RoutedRequest,
  hit: CacheHit,
  target: { sessionId: string; userMessageId: string },
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
    estimatedCostUsd: hit.judged?.costUsd ?? 0,
    estimatedReferenceCostUsd: hit.entry.referenceCostUsd,
  });
  await dependencies.routing.cache?.recordHit(caller.orgId, hit.entry.id);
  const plan = {
    caller,
    ...target,
    replyMessageId: randomUUID(),
    usageId: randomUUID(),
    model,
    history: [],
    inputTokens: 0,
    decisionId: decision.id,
    reference: route.reference,
  };

  async function run(write: (text: string) => Promise<unknown>) {
    await write(hit.entry.reply);
    const elapsed = Math.round(performance.now() - started);
    const reply = {
      text: hit.entry.reply,
      status: 'complete' as const,
      model,
      cacheHit: true,
      usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, estimated: false },
      costUsd: 0,
      referenceCostUsd: hit.entry.referenceCostUsd,
      decisionCostUsd: hit.judged?.costUsd,
      latencyMs: elapsed,
      timeToFirstTokenMs: elapsed,
    };
    const metadata = await recordReply(dependencies, plan, reply, { usageId: plan.usageId, streamed: false });
    return { text: hit.entry.reply, metadata };
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

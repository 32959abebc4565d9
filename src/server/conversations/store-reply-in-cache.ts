import type { StreamMetadata } from '../../contracts';
import type { ConversationDependencies } from './conversation-dependencies';
import type { ReplyPlan } from './reply-plan';

/** Keeps a complete reply for the semantic cache; a failure to store costs only a future hit. */
export async function storeReplyInCache(
  dependencies: ConversationDependencies,
  plan: ReplyPlan,
  reply: { text: string; metadata: StreamMetadata; model: string; referenceCostUsd: number },
): Promise<void> {
  const cache = dependencies.routing.cache;
  if (!cache || !plan.cache) return;
  await cache
    .store(
      {
        orgId: plan.caller.orgId,
        sessionId: plan.sessionId,
        replyMessageId: reply.metadata.assistant_msg_id,
        request: plan.cache.request,
        reply: reply.text,
        modelId: reply.model,
        referenceCostUsd: reply.referenceCostUsd,
        embedding: plan.cache.embedding,
      },
      plan.cache.settings,
    )
    .catch((error: unknown) => dependencies.logger.warn({ err: error }, 'storing a reply in the cache failed'));
}

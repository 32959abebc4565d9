import type { Picodollars } from '../../money';
import type { StreamMetadata } from '../../contracts';
import type { CacheRequest, CacheSettings, LazyPromptEmbedding } from '../../gateway';
import type { ConversationDependencies } from './conversation-dependencies';
import type { ReplySlot } from './reply-slot';

/** Where a complete reply is stored in the semantic cache (the request's embedding, shared with the lookup). */
export interface ReplyCacheTarget {
  request: CacheRequest;
  settings: CacheSettings;
  embedding?: LazyPromptEmbedding;
}

/** Keeps a complete reply for the semantic cache; a failure to store costs only a future hit. */
export async function storeReplyInCache(
  dependencies: ConversationDependencies,
  slot: ReplySlot,
  cache: ReplyCacheTarget | undefined,
  reply: { text: string; metadata: StreamMetadata; model: string; referenceCostPicodollars: Picodollars },
): Promise<void> {
  const store = dependencies.routing.cache;
  if (!store || !cache) return;
  await store
    .store(
      {
        orgId: slot.caller.orgId,
        sessionId: slot.sessionId,
        replyMessageId: reply.metadata.assistant_msg_id,
        request: cache.request,
        reply: reply.text,
        modelId: reply.model,
        referenceCostPicodollars: reply.referenceCostPicodollars,
        embedding: cache.embedding,
      },
      cache.settings,
    )
    .catch((error: unknown) => dependencies.logger.warn({ err: error }, 'storing a reply in the cache failed'));
}

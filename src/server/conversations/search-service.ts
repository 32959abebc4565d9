import type { ConversationSearchResponse } from '../../contracts';
import type { Executor } from '../db/database';
import type { Caller } from '../http/context';
import { searchConversations } from './search-repository';
import { snippetAround } from './search-text';

/** The caller's own titles and messages holding `q`, one page of them. */
export async function searchOwnConversations(
  db: Executor,
  caller: Caller,
  query: { q: string; page: number; limit: number },
): Promise<ConversationSearchResponse> {
  const hits = await searchConversations(
    db,
    { orgId: caller.orgId, userId: caller.userId },
    query.q,
    query.limit,
    (query.page - 1) * query.limit,
  );
  return {
    results: hits.slice(0, query.limit).map((hit) => ({
      session_id: hit.sessionId,
      session_title: hit.sessionTitle,
      message_id: hit.messageId,
      role: hit.role,
      snippet: snippetAround(hit.text, query.q),
      created_at: hit.at.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    has_more: hits.length > query.limit,
  };
}

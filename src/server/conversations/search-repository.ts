import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { chatMessages, chatSessions } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import type { SessionOwner } from './chat-session-repository';
import { containsPattern } from './search-text';

export interface SearchHit {
  sessionId: string;
  sessionTitle: string;
  messageId: string | null;
  role: 'user' | 'assistant' | null;
  /** The matching text, or a window of a long message around its first match. */
  text: string;
  at: Date;
}

/** How much text around a match comes back: enough for a snippet, never a whole long reply. */
const windowChars = 600;

/**
 * This owner's session titles and messages containing `text` (case-insensitive), newest first;
 * deleted sessions are left out.
 * Asks for one row more than `limit`, so the caller knows whether another page exists.
 */
export async function searchConversations(
  db: Executor,
  owner: SessionOwner,
  text: string,
  limit: number,
  offset: number,
): Promise<SearchHit[]> {
  const pattern = containsPattern(text);
  const titles = db
    .select({
      sessionId: chatSessions.id,
      sessionTitle: chatSessions.title,
      messageId: sql<string | null>`null::uuid`.as('message_id'),
      role: sql<'user' | 'assistant' | null>`null::text`.as('role'),
      text: sql<string>`${chatSessions.title}`.as('text'),
      at: sql<Date | string>`${chatSessions.updatedAt}`.as('at'),
    })
    .from(chatSessions)
    .where(
      inOrganisation(
        chatSessions.orgId,
        owner.orgId,
        eq(chatSessions.userId, owner.userId),
        isNull(chatSessions.deletedAt),
        ilike(chatSessions.title, pattern),
      ),
    );
  const found = sql`greatest(1, strpos(lower(${chatMessages.content}), lower(${text})) - ${windowChars / 2})`;
  const bodies = db
    .select({
      sessionId: chatMessages.sessionId,
      sessionTitle: chatSessions.title,
      messageId: sql<string | null>`${chatMessages.id}`.as('message_id'),
      role: sql<'user' | 'assistant' | null>`${chatMessages.role}`.as('role'),
      text: sql<string>`substr(${chatMessages.content}, ${found}, ${windowChars})`.as('text'),
      at: sql<Date | string>`${chatMessages.createdAt}`.as('at'),
    })
    .from(chatMessages)
    .innerJoin(
      chatSessions,
      and(eq(chatSessions.id, chatMessages.sessionId), eq(chatSessions.orgId, chatMessages.orgId)),
    )
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        eq(chatMessages.userId, owner.userId),
        eq(chatSessions.userId, owner.userId),
        isNull(chatSessions.deletedAt),
        ilike(chatMessages.content, pattern),
      ),
    );
  const rows = await unionAll(titles, bodies)
    .orderBy(desc(sql`at`), desc(sql`message_id`))
    .limit(limit + 1)
    .offset(offset);
  return rows.map((row) => ({ ...row, at: row.at instanceof Date ? row.at : new Date(row.at) }));
}

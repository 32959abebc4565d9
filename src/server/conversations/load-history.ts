import type { ChatMessage } from '../../gateway';
import type { Executor } from '../db/database';
import { listSessionMessages, type ChatMessageRecord } from './chat-message-repository';
import type { SessionOwner } from './chat-session-repository';

/**
 * The conversation as a model or the cache sees it: saved turns with text, oldest first, up to
 * `upTo` (a message id) or to the end. A reply still streaming is not a turn yet. Fit it to a
 * model's window with `fitHistoryToWindow`.
 */
export async function loadTurns(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
  upTo?: string,
): Promise<ChatMessage[]> {
  const rows = await listSessionMessages(db, owner, sessionId);
  const end = upTo === undefined ? rows.length : rows.findIndex((row) => row.message.id === upTo) + 1;
  return turnsOf(rows.slice(0, end).map((row) => row.message));
}

/** Saved messages as turns: those with text and no longer streaming. */
export function turnsOf(messages: readonly Pick<ChatMessageRecord, 'role' | 'content' | 'status'>[]): ChatMessage[] {
  return messages
    .filter((message) => message.status !== 'streaming' && message.content.trim() !== '')
    .map((message): ChatMessage => ({ role: message.role, content: message.content }));
}

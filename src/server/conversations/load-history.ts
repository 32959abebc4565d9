import type { CatalogModel, ChatMessage } from '../../gateway';
import type { Executor } from '../db/database';
import { listSessionMessages } from './chat-message-repository';
import type { SessionOwner } from './chat-session-repository';
import { fitHistoryToWindow } from './history-window';

/**
 * The conversation as the model sees it: saved turns with text, oldest first, up to `upTo`
 * (a message id, for regenerating) or to the end, fitted to the model's context window.
 */
export async function loadHistory(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
  model: Pick<CatalogModel, 'contextWindow' | 'maxOutputTokens'>,
  upTo?: string,
): Promise<ChatMessage[]> {
  const rows = await listSessionMessages(db, owner, sessionId);
  const end = upTo === undefined ? rows.length : rows.findIndex((row) => row.message.id === upTo) + 1;
  const turns = rows
    .slice(0, end)
    .map((row) => row.message)
    .filter((message) => message.content.trim() !== '')
    .map((message): ChatMessage => ({ role: message.role, content: message.content }));
  return fitHistoryToWindow(turns, model);
}

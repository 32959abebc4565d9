import { messages, type ChatMessageView, type ChatSessionView, type ChatSessionWithMessages } from '../../contracts';
import type { Database, Executor } from '../db/database';
import { deleteEntriesForSession } from '../cache/cache-repository';
import { forbidden, notFound, validationFailed } from '../http/app-error';
import type { Caller } from '../http/context';
import { isUuid } from '../shared/ids';
import {
  deleteMessage,
  findMessage,
  findOwnRating,
  listAllSessionMessages,
  updateMessageContent,
} from './chat-message-repository';
import { showVersion } from './message-branch-repository';
import { shownBranch, versionPlaces } from './message-branches';
import {
  deleteAllSessions,
  deleteSession,
  findSession,
  listSessions,
  renameSession,
  restoreSession,
  sessionUndoWindowMs,
  type SessionOwner,
} from './chat-session-repository';
import { latestDecisionsForReplies } from '../metered-calls/decision-repository';
import { presentMessage, presentReplyVersion, presentSession } from './present-conversation';
import { listReplyVersions } from './reply-version-repository';

const ownerOf = (caller: Caller): SessionOwner => ({ orgId: caller.orgId, userId: caller.userId });

/** Paths naming an organisation and a user must name the caller's own. */
function requireSelf(caller: Caller, orgId: string, userId: string): void {
  if (orgId !== caller.orgId || userId !== caller.userId) throw forbidden();
}

function requireId(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

export async function listOwnSessions(
  db: Executor,
  caller: Caller,
  orgId: string,
  userId: string,
): Promise<ChatSessionView[]> {
  requireSelf(caller, orgId, userId);
  return (await listSessions(db, ownerOf(caller))).map(presentSession);
}

export async function getOwnSession(db: Executor, caller: Caller, sessionId: string): Promise<ChatSessionWithMessages> {
  return getSessionOf(db, ownerOf(caller), sessionId);
}

/** One session of this owner with its messages (404 when it is not theirs or is gone). */
export async function getSessionOf(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
): Promise<ChatSessionWithMessages> {
  const session = await findSession(db, owner, requireId(sessionId, messages.sessionNotFound));
  if (!session) throw notFound(messages.sessionNotFound);
  const everyRow = await listAllSessionMessages(db, owner, session.id);
  const places = versionPlaces(everyRow.map((row) => row.message));
  const rows = shownBranch(everyRow);
  const replies = rows.filter((row) => row.message.role === 'assistant').map((row) => row.message.id);
  const [decisions, versions] = await Promise.all([
    latestDecisionsForReplies(db, owner.orgId, replies),
    listReplyVersions(db, owner, replies),
  ]);
  return {
    ...presentSession(session),
    messages: rows.map((row) => {
      const message = presentMessage(row.message, row.usage, row.feedback, decisions.get(row.message.id) ?? null);
      if (row.message.role === 'assistant')
        return { ...message, versions: (versions.get(row.message.id) ?? []).map(presentReplyVersion) };
      const place = places.get(row.message.id);
      return place ? { ...message, version: place.shown, version_count: place.count } : message;
    }),
  };
}

export async function renameOwnSession(db: Executor, caller: Caller, sessionId: string, title: string): Promise<void> {
  if (!(await renameSession(db, ownerOf(caller), requireId(sessionId, messages.sessionNotFound), title)))
    throw notFound(messages.sessionNotFound);
}

export const undoWindowMinutes = sessionUndoWindowMs / 60_000;

/** Deletes a session so that it can still be restored for a while (sessionUndoWindowMs). */
export async function deleteOwnSession(
  db: Executor,
  caller: Caller,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  if (!(await deleteSession(db, ownerOf(caller), requireId(sessionId, messages.sessionNotFound), now)))
    throw notFound(messages.sessionNotFound);
  // Its replies stop answering others' prompts at once; a restored session does not get them back.
  await deleteEntriesForSession(db, caller.orgId, sessionId);
}

/** Undoes a recent delete and answers the session with its messages; 404 once the window has passed. */
export async function restoreOwnSession(
  db: Executor,
  caller: Caller,
  sessionId: string,
  now = new Date(),
): Promise<ChatSessionWithMessages> {
  if (!(await restoreSession(db, ownerOf(caller), requireId(sessionId, messages.sessionNotFound), now)))
    throw notFound(messages.sessionNotFound);
  return getSessionOf(db, ownerOf(caller), sessionId);
}

export async function deleteAllOwnSessions(
  db: Executor,
  caller: Caller,
  orgId: string,
  userId: string,
): Promise<number> {
  requireSelf(caller, orgId, userId);
  return deleteAllSessions(db, ownerOf(caller));
}

export async function editOwnMessage(
  db: Executor,
  caller: Caller,
  messageId: string,
  content: string,
): Promise<ChatMessageView> {
  const updated = await updateMessageContent(
    db,
    ownerOf(caller),
    requireId(messageId, messages.messageNotFound),
    content,
  );
  if (!updated) throw notFound(messages.messageNotFound);
  if (updated.role === 'user') return presentMessage(updated);
  const decision = (await latestDecisionsForReplies(db, caller.orgId, [updated.id])).get(updated.id) ?? null;
  return presentMessage(updated, null, await findOwnRating(db, ownerOf(caller), updated.id), decision);
}

export async function deleteOwnMessage(db: Database, caller: Caller, messageId: string): Promise<void> {
  const id = requireId(messageId, messages.messageNotFound);
  if (!(await db.transaction((transaction) => deleteMessage(transaction, ownerOf(caller), id))))
    throw notFound(messages.messageNotFound);
}

/**
 * Shows one version of the caller's edited message and answers the session with the branch now
 * shown (404 when the message is not theirs; 400 when it has no such version).
 */
export async function showOwnMessageVersion(
  db: Database,
  caller: Caller,
  messageId: string,
  version: number,
): Promise<ChatSessionWithMessages> {
  const owner = ownerOf(caller);
  const id = requireId(messageId, messages.messageNotFound);
  const sessionId = await db.transaction(async (transaction) => {
    const message = await findMessage(transaction, owner, id);
    if (!message) throw notFound(messages.messageNotFound);
    if (!(await showVersion(transaction, owner, message, version)))
      throw validationFailed(messages.versionNotFound, { version: messages.versionNotFound });
    return message.sessionId;
  });
  return getSessionOf(db, owner, sessionId);
}

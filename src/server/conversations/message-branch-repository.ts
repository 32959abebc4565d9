import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chatMessages } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import { listAllSessionMessages, listSessionMessages, type ChatMessageRecord } from './chat-message-repository';
import type { SessionOwner } from './chat-session-repository';
import { versionsOf } from './message-branches';

// Branches of a conversation (docs/decisions/054): an edit keeps the turns after the edited message
// with its earlier version, and the owner chooses which version is shown.

/** The last message of the branch shown, which a new message follows; undefined in an empty session. */
export async function lastShownMessageId(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
): Promise<string | undefined> {
  return (await listSessionMessages(db, owner, sessionId)).at(-1)?.message.id;
}

function ownMessages(owner: SessionOwner, sessionId: string, ...conditions: Parameters<typeof and>) {
  return inOrganisation(
    chatMessages.orgId,
    owner.orgId,
    and(eq(chatMessages.userId, owner.userId), eq(chatMessages.sessionId, sessionId), ...conditions),
  );
}

/**
 * Before a user message is rewritten in place and asked again: its version as it reads now, with
 * its reply as it reads now, is kept as a copy that is not shown, and the turns that followed them
 * move under the copy. The message itself becomes the newest version, shown.
 */
export async function branchOffEdit(
  db: Executor,
  owner: SessionOwner,
  prompt: ChatMessageRecord,
  reply: ChatMessageRecord | undefined,
): Promise<void> {
  const all = (await listAllSessionMessages(db, owner, prompt.sessionId)).map((row) => row.message);
  const siblings = versionsOf(all, prompt);
  const newest = Math.max(...siblings.map((sibling) => sibling.version), prompt.version);
  const [earlier] = await db
    .insert(chatMessages)
    .values({
      ...owner,
      sessionId: prompt.sessionId,
      role: 'user',
      content: prompt.content,
      modelId: prompt.modelId,
      status: prompt.status,
      tokens: prompt.tokens,
      createdAt: prompt.createdAt,
      editedAt: prompt.editedAt,
      parentMessageId: prompt.parentMessageId,
      version: prompt.version,
      supersededAt: new Date(),
    })
    .returning();
  if (!earlier) throw new Error('Keeping the earlier version returned no row');
  let lastOfEarlier = earlier.id;
  if (reply) {
    const [earlierReply] = await db
      .insert(chatMessages)
      .values({
        ...owner,
        sessionId: reply.sessionId,
        role: 'assistant',
        content: reply.content,
        modelId: reply.modelId,
        status: reply.status === 'streaming' ? 'interrupted' : reply.status,
        tokens: reply.tokens,
        createdAt: reply.createdAt,
        editedAt: reply.editedAt,
        parentMessageId: earlier.id,
      })
      .returning();
    if (!earlierReply) throw new Error('Keeping the earlier reply returned no row');
    lastOfEarlier = earlierReply.id;
    await db
      .update(chatMessages)
      .set({ parentMessageId: earlierReply.id })
      .where(ownMessages(owner, prompt.sessionId, eq(chatMessages.parentMessageId, reply.id)));
  }
  // What followed the message without its reply (a reply that failed to save) follows the copy too.
  await db
    .update(chatMessages)
    .set({ parentMessageId: lastOfEarlier })
    .where(
      ownMessages(
        owner,
        prompt.sessionId,
        eq(chatMessages.parentMessageId, prompt.id),
        reply ? ne(chatMessages.id, reply.id) : undefined,
      ),
    );
  await db
    .update(chatMessages)
    .set({ version: newest + 1 })
    .where(ownMessages(owner, prompt.sessionId, eq(chatMessages.id, prompt.id)));
}

/**
 * Shows one version (from 1) of a user message and sets its other versions aside; false when the
 * message is not the owner's user message or has no such version.
 */
export async function showVersion(
  db: Executor,
  owner: SessionOwner,
  message: ChatMessageRecord,
  version: number,
): Promise<boolean> {
  if (message.role !== 'user') return false;
  const all = (await listAllSessionMessages(db, owner, message.sessionId)).map((row) => row.message);
  const chosen = versionsOf(all, message)[version - 1];
  if (!chosen) return false;
  const sameParent =
    message.parentMessageId === null
      ? isNull(chatMessages.parentMessageId)
      : eq(chatMessages.parentMessageId, message.parentMessageId);
  await db
    .update(chatMessages)
    .set({ supersededAt: new Date() })
    .where(
      ownMessages(
        owner,
        message.sessionId,
        eq(chatMessages.role, 'user'),
        sameParent,
        ne(chatMessages.id, chosen.id),
        isNull(chatMessages.supersededAt),
      ),
    );
  await db
    .update(chatMessages)
    .set({ supersededAt: null })
    .where(ownMessages(owner, message.sessionId, eq(chatMessages.id, chosen.id)));
  return true;
}

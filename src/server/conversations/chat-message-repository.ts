import { and, asc, desc, eq, exists, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chatMessages, chatSessions, feedback, usageRecords } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import type { SessionOwner } from './chat-session-repository';
import { shownBranch } from './message-branches';
import { archiveReply } from './reply-version-repository';

export type ChatMessageRecord = typeof chatMessages.$inferSelect;
/** A new message; its id may be chosen beforehand (a reply can start before its prompt's row is written). */
export type NewChatMessage = Omit<typeof chatMessages.$inferInsert, 'createdAt' | 'editedAt'>;
export type UsageRecord = typeof usageRecords.$inferSelect;

/** A message's session is not deleted: a deleted session's messages are gone for their owner until it is restored. */
function inLiveSession(db: Executor) {
  return exists(
    db
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(
        and(
          eq(chatSessions.id, chatMessages.sessionId),
          eq(chatSessions.orgId, chatMessages.orgId),
          isNull(chatSessions.deletedAt),
        ),
      ),
  );
}

export async function insertMessage(db: Executor, message: NewChatMessage): Promise<ChatMessageRecord> {
  const [row] = await db.insert(chatMessages).values(message).returning();
  if (!row) throw new Error('Saving a chat message returned no row');
  return row;
}

export type FeedbackRating = (typeof feedback.$inferSelect)['rating'];

/**
 * The messages of a session's branch shown (docs/decisions/054), oldest first, each with the usage
 * recorded for it (replies only) and the owner's own rating of it (null when not rated).
 */
export async function listSessionMessages(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
): Promise<{ message: ChatMessageRecord; usage: UsageRecord | null; feedback: FeedbackRating | null }[]> {
  return shownBranch(await listAllSessionMessages(db, owner, sessionId));
}

/** Every message of a session, in every branch, oldest first, as listSessionMessages answers them. */
export async function listAllSessionMessages(
  db: Executor,
  owner: SessionOwner,
  sessionId: string,
): Promise<{ message: ChatMessageRecord; usage: UsageRecord | null; feedback: FeedbackRating | null }[]> {
  const rows = await db
    .select({ message: chatMessages, usage: usageRecords, feedback: feedback.rating })
    .from(chatMessages)
    .leftJoin(
      usageRecords,
      and(eq(usageRecords.messageId, chatMessages.id), eq(usageRecords.orgId, chatMessages.orgId)),
    )
    .leftJoin(
      feedback,
      and(
        eq(feedback.messageId, chatMessages.id),
        eq(feedback.orgId, chatMessages.orgId),
        eq(feedback.userId, owner.userId),
      ),
    )
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.userId, owner.userId), eq(chatMessages.sessionId, sessionId)),
      ),
    )
    .orderBy(asc(chatMessages.createdAt), desc(chatMessages.role));
  return rows;
}

export async function findMessage(
  db: Executor,
  owner: SessionOwner,
  messageId: string,
): Promise<ChatMessageRecord | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.userId, owner.userId), eq(chatMessages.id, messageId)),
        inLiveSession(db),
      ),
    );
  return row;
}

/** The owner's rating of one message, or null. */
export async function findOwnRating(
  db: Executor,
  owner: SessionOwner,
  messageId: string,
): Promise<FeedbackRating | null> {
  const [row] = await db
    .select({ rating: feedback.rating })
    .from(feedback)
    .where(
      inOrganisation(
        feedback.orgId,
        owner.orgId,
        and(eq(feedback.userId, owner.userId), eq(feedback.messageId, messageId)),
      ),
    );
  return row?.rating ?? null;
}

export async function updateMessageContent(
  db: Executor,
  owner: SessionOwner,
  messageId: string,
  content: string,
): Promise<ChatMessageRecord | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ content, editedAt: new Date() })
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.userId, owner.userId), eq(chatMessages.id, messageId)),
        inLiveSession(db),
      ),
    )
    .returning();
  return row;
}

export async function deleteMessage(db: Executor, owner: SessionOwner, messageId: string): Promise<boolean> {
  const message = await findMessage(db, owner, messageId);
  if (!message) return false;
  // The messages after it follow the one before it, so its branch stays one branch.
  await db
    .update(chatMessages)
    .set({ parentMessageId: message.parentMessageId })
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.sessionId, message.sessionId), eq(chatMessages.parentMessageId, messageId)),
      ),
    );
  const rows = await db
    .delete(chatMessages)
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.userId, owner.userId), eq(chatMessages.id, messageId)),
        inLiveSession(db),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/**
 * Regenerating: the reply keeps its id and takes the new text; the answer it had is kept as an
 * earlier version (`prompt`: the user's message as that answer read it, when it has changed since).
 * The old reply's usage stays recorded (it was spent) but no longer points at the message, so each
 * message has one record.
 */
export async function replaceReply(
  db: Executor,
  owner: SessionOwner,
  messageId: string,
  fields: Pick<NewChatMessage, 'content' | 'modelId' | 'status' | 'tokens' | 'streamOwner'>,
  prompt?: string,
): Promise<ChatMessageRecord> {
  const ownReply = inOrganisation(
    chatMessages.orgId,
    owner.orgId,
    and(eq(chatMessages.userId, owner.userId), eq(chatMessages.id, messageId)),
  );
  // The message first: a concurrent delete locks it before the rows that point at it, so taking the
  // locks in the same order cannot deadlock (PostgreSQL would abort one of the two).
  const [current] = await db.select().from(chatMessages).where(ownReply).for('update');
  if (!current) throw new Error('The reply to replace is gone');
  await archiveReply(db, owner, current, prompt);
  const [row] = await db
    .update(chatMessages)
    .set({ ...fields, editedAt: null })
    .where(ownReply)
    .returning();
  if (!row) throw new Error('The reply to replace is gone');
  // The old reply's usage and rating stay on record for its model, detached, so the new reply starts unrated.
  await db
    .update(usageRecords)
    .set({ messageId: null })
    .where(inOrganisation(usageRecords.orgId, owner.orgId, eq(usageRecords.messageId, messageId)));
  await db
    .update(feedback)
    .set({ messageId: null })
    .where(inOrganisation(feedback.orgId, owner.orgId, eq(feedback.messageId, messageId)));
  return row;
}

/**
 * The final text and status of a reply whose row was written while it streamed; undefined when
 * that row is gone (its chat or the reply itself was deleted meanwhile).
 */
export async function finishStreamedReply(
  db: Executor,
  owner: SessionOwner,
  messageId: string,
  fields: Pick<NewChatMessage, 'content' | 'modelId' | 'status' | 'tokens'>,
): Promise<ChatMessageRecord | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ ...fields, streamOwner: null })
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(eq(chatMessages.userId, owner.userId), eq(chatMessages.id, messageId)),
      ),
    )
    .returning();
  return row;
}

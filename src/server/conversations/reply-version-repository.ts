import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { chatMessages, replyVersions, usageRecords } from '../db/schema';
import { inOrganisation } from '../db/tenant-scope';
import type { SessionOwner } from './chat-session-repository';

// The row types spelled here: chat-message-repository imports this module, not the other way round.
type ChatMessageRecord = typeof chatMessages.$inferSelect;
type UsageRecord = typeof usageRecords.$inferSelect;

export type ReplyVersionRecord = typeof replyVersions.$inferSelect;

/**
 * Keeps a reply's current answer as an earlier version before it is replaced (docs/decisions/030).
 * `prompt` is the user's message as this answer read it; by default the one before the reply as it
 * reads now. A reply without text (it failed, or was set aside already) leaves no version.
 */
export async function archiveReply(
  db: Executor,
  owner: SessionOwner,
  reply: ChatMessageRecord,
  prompt?: string,
): Promise<void> {
  if (reply.role !== 'assistant' || reply.status === 'streaming' || reply.content.trim() === '') return;
  const asked = prompt ?? (await promptBefore(db, owner, reply));
  const [usage] = await db
    .select({ id: usageRecords.id, createdAt: usageRecords.createdAt })
    .from(usageRecords)
    .where(inOrganisation(usageRecords.orgId, owner.orgId, eq(usageRecords.messageId, reply.id)))
    .orderBy(desc(usageRecords.createdAt))
    .limit(1);
  await db.insert(replyVersions).values({
    ...owner,
    messageId: reply.id,
    prompt: asked,
    content: reply.content,
    modelId: reply.modelId,
    status: reply.status,
    tokens: reply.tokens,
    usageId: usage?.id ?? null,
    answeredAt: usage?.createdAt ?? reply.createdAt,
  });
}

/** The user message a reply answers: the last one of its session written before it. */
async function promptBefore(db: Executor, owner: SessionOwner, reply: ChatMessageRecord): Promise<string> {
  const [prompt] = await db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(
      inOrganisation(
        chatMessages.orgId,
        owner.orgId,
        and(
          eq(chatMessages.userId, owner.userId),
          eq(chatMessages.sessionId, reply.sessionId),
          eq(chatMessages.role, 'user'),
          lte(chatMessages.createdAt, reply.createdAt),
        ),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  return prompt?.content ?? '';
}

/** The earlier versions of these replies, oldest first, each with its model call's record when kept. */
export async function listReplyVersions(
  db: Executor,
  owner: SessionOwner,
  messageIds: readonly string[],
): Promise<Map<string, { version: ReplyVersionRecord; usage: UsageRecord | null }[]>> {
  const byReply = new Map<string, { version: ReplyVersionRecord; usage: UsageRecord | null }[]>();
  if (messageIds.length === 0) return byReply;
  const rows = await db
    .select({ version: replyVersions, usage: usageRecords })
    .from(replyVersions)
    .leftJoin(
      usageRecords,
      and(eq(usageRecords.id, replyVersions.usageId), eq(usageRecords.orgId, replyVersions.orgId)),
    )
    .where(
      inOrganisation(
        replyVersions.orgId,
        owner.orgId,
        and(eq(replyVersions.userId, owner.userId), inArray(replyVersions.messageId, [...messageIds])),
      ),
    )
    .orderBy(asc(replyVersions.answeredAt), asc(replyVersions.replacedAt));
  for (const row of rows) {
    const versions = byReply.get(row.version.messageId) ?? [];
    versions.push(row);
    byReply.set(row.version.messageId, versions);
  }
  return byReply;
}

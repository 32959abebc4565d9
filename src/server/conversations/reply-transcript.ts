import { sql } from 'drizzle-orm';
import type { TranscriptStore } from '../metered-calls/call-journal';
import { ownerGone } from '../db/instance-liveness';
import type { CallTranscript } from '../metered-calls/metered-call';
import { finishStreamedReply, insertMessage, replaceReply, type ChatMessageRecord } from './chat-message-repository';
import { touchSession } from './chat-session-repository';
import type { ReplySlot } from './reply-slot';

/** A streaming reply's text as a checkpoint saves it. */
export interface ReplyCheckpoint {
  orgId: string;
  messageId: string;
  content: string;
  /** Input plus output tokens, as the message shows them. */
  tokens: number;
}

/**
 * The chat's replies beside their model calls (docs/decisions/015): checkpointed as they stream,
 * recovered as interrupted when the instance writing them is gone.
 */
export const replyTranscriptStore: TranscriptStore<ReplyCheckpoint> = {
  async saveCheckpoints(transaction, streamOwner, checkpoints) {
    if (checkpoints.length === 0) return;
    const values = sql.join(
      checkpoints.map(
        (checkpoint) =>
          sql`(${checkpoint.orgId}::uuid, ${checkpoint.messageId}::uuid, ${checkpoint.content}::text, ${checkpoint.tokens}::integer)`,
      ),
      sql`, `,
    );
    // Only while still streaming under this instance (not once recovered as interrupted).
    await transaction.execute(sql`
      update chat_messages m
      set content = c.content, tokens = c.tokens
      from (values ${values}) as c (org_id, message_id, content, tokens)
      where m.id = c.message_id and m.org_id = c.org_id and m.status = 'streaming' and m.stream_owner = ${streamOwner}::uuid`);
  },
  async recover(db, options) {
    const result = (await db.execute(sql`
      with recovered as (
        update chat_messages m
        set status = 'interrupted', stream_owner = null
        where m.status = 'streaming' and ${ownerGone(sql`m.stream_owner`, options.ownersSilentForSeconds)}
        returning m.id
      )
      select count(*)::integer as recovered from recovered`)) as unknown as { rows: { recovered: number }[] };
    return Number(result.rows[0]?.recovered ?? 0);
  },
};

/**
 * A reply's message, kept with its model call's usage: written as streaming once the first text is
 * out, checkpointed, and completed (or written whole, for a short reply) in the call's settlement.
 * A reply deleted while it streamed is not written again: that throws, and the usage is kept on its own.
 */
export function replyTranscript(slot: ReplySlot): CallTranscript<ChatMessageRecord, ReplyCheckpoint> {
  const owner = { orgId: slot.caller.orgId, userId: slot.caller.userId };
  const { sessionId, replyMessageId, replaceMessageId, userMessageId } = slot;
  const links = (messageId: string) => ({ sessionId, messageId });
  return {
    store: replyTranscriptStore,
    async open(transaction, progress) {
      // The session first, then the reply's rows: the order in which deleting the chat locks them,
      // so the two cannot deadlock.
      await touchSession(transaction, owner, sessionId);
      const fields = {
        content: progress.text,
        modelId: progress.model.id,
        tokens: progress.tokens,
        status: 'streaming' as const,
        streamOwner: progress.streamOwner,
      };
      if (replaceMessageId) await replaceReply(transaction, owner, replyMessageId, fields);
      else
        await insertMessage(transaction, {
          ...owner,
          id: replyMessageId,
          sessionId,
          role: 'assistant',
          parentMessageId: userMessageId,
          ...fields,
        });
      return links(replyMessageId);
    },
    checkpoint(progress) {
      return { orgId: owner.orgId, messageId: replyMessageId, content: progress.text, tokens: progress.tokens };
    },
    async finish(transaction, ended) {
      await touchSession(transaction, owner, sessionId);
      const fields = { content: ended.text, modelId: ended.model.id, status: ended.status, tokens: ended.tokens };
      const saved = ended.opened
        ? await finishStreamedReply(transaction, owner, replyMessageId, fields)
        : replaceMessageId
          ? await replaceReply(transaction, owner, replaceMessageId, { ...fields, streamOwner: null })
          : await insertMessage(transaction, {
              ...owner,
              id: replyMessageId,
              sessionId,
              role: 'assistant',
              parentMessageId: userMessageId,
              ...fields,
            });
      if (!saved) throw new Error('The reply was deleted while it streamed');
      return { row: saved, links: links(saved.id) };
    },
  };
}

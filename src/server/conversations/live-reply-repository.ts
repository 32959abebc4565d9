import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import {
  insertMessage,
  replaceReply,
  saveUsageRecord,
  type NewChatMessage,
  type NewUsageRecord,
} from './chat-message-repository';
import { touchSession, type SessionOwner } from './chat-session-repository';

// The rows of replies being streamed: written when a reply opens, checkpointed while it streams,
// recovered when the instance writing them is gone (docs/decisions/015).

export interface StreamingReplyRows {
  owner: SessionOwner;
  sessionId: string;
  messageId: string;
  /** Regenerating: the message exists and takes the new reply in place. */
  replacing: boolean;
  message: Pick<NewChatMessage, 'content' | 'modelId' | 'tokens'>;
  /** The instance streaming the reply. */
  streamOwner: string;
  usage: NewUsageRecord;
}

/** The assistant message, marked streaming and owned by this instance, and its usage record so far. */
export async function writeStreamingReply(db: Database, rows: StreamingReplyRows): Promise<void> {
  await db.transaction(async (transaction) => {
    // The session first, then the reply's rows: the order in which deleting the chat locks them,
    // so the two cannot deadlock.
    await touchSession(transaction, rows.owner, rows.sessionId);
    const fields = { ...rows.message, status: 'streaming' as const, streamOwner: rows.streamOwner };
    if (rows.replacing) await replaceReply(transaction, rows.owner, rows.messageId, fields);
    else
      await insertMessage(transaction, {
        ...rows.owner,
        id: rows.messageId,
        sessionId: rows.sessionId,
        role: 'assistant',
        ...fields,
      });
    await saveUsageRecord(transaction, rows.usage);
  });
}

/** One streaming reply's text and running usage. */
export interface ReplyCheckpoint {
  orgId: string;
  /** Null when only the usage record could be written. */
  messageId: string | null;
  usageId: string;
  content: string;
  /** Input plus output tokens, as the message shows them. */
  tokens: number;
  outputTokens: number;
  costUsd: number;
  referenceCostUsd: number;
  latencyMs: number;
}

/**
 * Saves the checkpoints of all due replies: one statement for their messages, one for their usage
 * records, in one transaction. A message is written only while it is still streaming under this
 * instance (not once recovered as interrupted); usage always. Messages are locked before their
 * usage records, the order in which a concurrent delete of a message takes them, so the two
 * cannot deadlock (in one statement PostgreSQL leaves that order open).
 */
export async function saveCheckpoints(
  db: Database,
  streamOwner: string,
  checkpoints: readonly ReplyCheckpoint[],
): Promise<void> {
  if (checkpoints.length === 0) return;
  const values = (rows: readonly ReplyCheckpoint[], row: (checkpoint: ReplyCheckpoint) => SQL) =>
    sql.join(rows.map(row), sql`, `);
  const messages = checkpoints.filter((checkpoint) => checkpoint.messageId !== null);
  await db.transaction(async (transaction) => {
    if (messages.length > 0) {
      await transaction.execute(sql`
        update chat_messages m
        set content = c.content, tokens = c.tokens
        from (values ${values(messages, (checkpoint) => sql`(${checkpoint.orgId}::uuid, ${checkpoint.messageId}::uuid, ${checkpoint.content}::text, ${checkpoint.tokens}::integer)`)})
          as c (org_id, message_id, content, tokens)
        where m.id = c.message_id and m.org_id = c.org_id and m.status = 'streaming' and m.stream_owner = ${streamOwner}::uuid`);
    }
    await transaction.execute(sql`
      update usage_records u
      set output_tokens = c.output_tokens, cost_usd = c.cost_usd, reference_cost_usd = c.reference_cost_usd, latency_ms = c.latency_ms
      from (values ${values(
        checkpoints,
        (checkpoint) =>
          sql`(${checkpoint.orgId}::uuid, ${checkpoint.usageId}::uuid, ${checkpoint.outputTokens}::integer, ${checkpoint.costUsd}::numeric, ${checkpoint.referenceCostUsd}::numeric, ${checkpoint.latencyMs}::integer)`,
      )})
        as c (org_id, usage_id, output_tokens, cost_usd, reference_cost_usd, latency_ms)
      where u.id = c.usage_id and u.org_id = c.org_id`);
  });
}

/**
 * Marks replies left streaming by instances that are gone as interrupted, with their usage records,
 * and completes their routing decisions from those records (written while they streamed, so usage
 * and cost are kept). With `ownersSilentForSeconds`, an owner is gone when it has not beaten for that long;
 * without, every owner is (the embedded database belongs to one process, which is starting).
 * Instance-wide upkeep across organisations: each row is matched to its own organisation's rows.
 * Answers how many replies were recovered.
 */
export async function recoverInterruptedReplies(
  db: Executor,
  options: { ownersSilentForSeconds?: number } = {},
): Promise<number> {
  const ownerGone =
    options.ownersSilentForSeconds === undefined
      ? sql`true`
      : sql`not exists (select 1 from server_instances i where i.id = m.stream_owner and i.heartbeat_at > now() - ${options.ownersSilentForSeconds}::integer * interval '1 second')`;
  const result = (await db.execute(sql`
    with recovered as (
      update chat_messages m
      set status = 'interrupted', stream_owner = null
      where m.status = 'streaming' and ${ownerGone}
      returning m.id, m.org_id
    ),
    counted as (
      -- Counted in the usage roll-ups from now on (docs/decisions/020).
      update usage_records u
      set outcome = 'interrupted'
      from recovered r
      where u.message_id = r.id and u.org_id = r.org_id and u.outcome = 'streaming'
    ),
    completed as (
      update routing_decisions d
      set reply_message_id = u.message_id, served_model_id = u.model_id, input_tokens = u.input_tokens, output_tokens = u.output_tokens,
          cost_usd = u.cost_usd, reference_cost_usd = u.reference_cost_usd, completed_at = now()
      from usage_records u
      join recovered r on u.message_id = r.id and u.org_id = r.org_id
      where d.id = u.decision_id and d.org_id = u.org_id
    )
    select count(*)::integer as recovered from recovered`)) as unknown as { rows: { recovered: number }[] };
  return Number(result.rows[0]?.recovered ?? 0);
}

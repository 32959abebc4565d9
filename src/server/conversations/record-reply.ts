import type { StreamMetadata } from '../../contracts';
import type { TokenUsage } from '../../gateway';
import { insertMessage, insertUsageRecord, replaceReply } from './chat-message-repository';
import { touchSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import type { ReplyPlan } from './reply-plan';

export interface FinishedReply {
  text: string;
  status: 'complete' | 'partial' | 'failed';
  usage: TokenUsage & { estimated: boolean };
  costUsd: number;
  latencyMs: number;
  timeToFirstTokenMs: number | null;
}

/** Saves the assistant message and its usage record together, and answers the stream metadata. */
export async function recordReply(
  dependencies: Pick<ConversationDependencies, 'db'>,
  plan: ReplyPlan,
  reply: FinishedReply,
): Promise<StreamMetadata> {
  const { caller, sessionId } = plan;
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const tokensUsed = reply.usage.inputTokens + reply.usage.outputTokens;
  const message = await dependencies.db.transaction(async (transaction) => {
    const fields = { content: reply.text, modelId: plan.model.id, status: reply.status, tokens: tokensUsed };
    const saved = plan.replaceMessageId
      ? await replaceReply(transaction, owner, plan.replaceMessageId, fields)
      : await insertMessage(transaction, { ...owner, sessionId, role: 'assistant', ...fields });
    await insertUsageRecord(transaction, {
      ...owner,
      sessionId,
      messageId: saved.id,
      modelId: plan.model.id,
      inputTokens: reply.usage.inputTokens,
      cachedInputTokens: reply.usage.cachedInputTokens,
      outputTokens: reply.usage.outputTokens,
      costUsd: reply.costUsd,
      latencyMs: reply.latencyMs,
      timeToFirstTokenMs: reply.timeToFirstTokenMs,
      estimated: reply.usage.estimated,
    });
    await touchSession(transaction, owner, sessionId);
    return saved;
  });
  return {
    usr_msg_id: plan.userMessageId,
    assistant_msg_id: message.id,
    session_id: sessionId,
    created_at: message.createdAt.toISOString(),
    primary_model: plan.model.id,
    backup_model: null,
    tokens_used: tokensUsed,
    selection_id: message.id,
    user_id: caller.userId,
  };
}

import type { StreamMetadata } from '../../contracts';
import type { CatalogModel, TokenUsage } from '../../gateway';
import { completeDecision, presentRoute } from '../routing/decision-repository';
import { insertMessage, insertUsageRecord, replaceReply } from './chat-message-repository';
import { touchSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import type { ReplyPlan } from './reply-plan';

export interface FinishedReply {
  text: string;
  status: 'complete' | 'partial' | 'failed';
  /** The model that answered: the plan's, or its backup after a fallback. */
  model: CatalogModel;
  /** Set when the backup answered because this model failed before its first part. */
  fellBackFrom?: string;
  /** Served from the semantic cache: no model was called. */
  cacheHit?: boolean;
  usage: TokenUsage & { estimated: boolean };
  costUsd: number;
  /** The same usage at the reference model's prices. */
  referenceCostUsd: number;
  latencyMs: number;
  timeToFirstTokenMs: number | null;
}

/**
 * Saves the assistant message, its usage record and the routing decision's outcome together,
 * and answers the stream metadata.
 */
export async function recordReply(
  dependencies: Pick<ConversationDependencies, 'db'>,
  plan: ReplyPlan,
  reply: FinishedReply,
): Promise<StreamMetadata> {
  const { caller, sessionId } = plan;
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const tokensUsed = reply.usage.inputTokens + reply.usage.outputTokens;
  const { message, decision } = await dependencies.db.transaction(async (transaction) => {
    const fields = { content: reply.text, modelId: reply.model.id, status: reply.status, tokens: tokensUsed };
    const saved = plan.replaceMessageId
      ? await replaceReply(transaction, owner, plan.replaceMessageId, fields)
      : await insertMessage(transaction, { ...owner, sessionId, role: 'assistant', ...fields });
    await insertUsageRecord(transaction, {
      ...owner,
      sessionId,
      messageId: saved.id,
      modelId: reply.model.id,
      inputTokens: reply.usage.inputTokens,
      cachedInputTokens: reply.usage.cachedInputTokens,
      outputTokens: reply.usage.outputTokens,
      costUsd: reply.costUsd,
      referenceCostUsd: reply.referenceCostUsd,
      cacheHit: reply.cacheHit ?? false,
      decisionId: plan.decisionId,
      latencyMs: reply.latencyMs,
      timeToFirstTokenMs: reply.timeToFirstTokenMs,
      estimated: reply.usage.estimated,
    });
    const completed = await completeDecision(transaction, caller.orgId, plan.decisionId, {
      replyMessageId: saved.id,
      servedModelId: reply.model.id,
      inputTokens: reply.usage.inputTokens,
      outputTokens: reply.usage.outputTokens,
      costUsd: reply.costUsd,
      referenceCostUsd: reply.referenceCostUsd,
      ...(reply.fellBackFrom ? { reason: 'fallback' as const, reasonText: `${reply.fellBackFrom} failed before answering; its backup answered` } : {}),
    });
    await touchSession(transaction, owner, sessionId);
    return { message: saved, decision: completed };
  });
  return {
    usr_msg_id: plan.userMessageId,
    assistant_msg_id: message.id,
    session_id: sessionId,
    created_at: message.createdAt.toISOString(),
    primary_model: plan.model.id,
    backup_model: reply.fellBackFrom ? reply.model.id : null,
    tokens_used: tokensUsed,
    selection_id: decision.id,
    user_id: caller.userId,
    route: presentRoute(decision),
  };
}

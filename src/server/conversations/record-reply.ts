import type { StreamMetadata } from '../../contracts';
import type { CatalogModel, ChatFinishReason, TokenUsage } from '../../gateway';
import type { UsageOutcome } from '../db/schema';
import { completeDecision, presentRoute } from '../routing/decision-repository';
import {
  finishStreamedReply,
  insertMessage,
  replaceReply,
  saveUsageRecord,
  type NewUsageRecord,
} from './chat-message-repository';
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
  /** What the decision counts as spent when more than this call's own cost: a judge asked before a cache hit. */
  decisionCostUsd?: number;
  latencyMs: number;
  timeToFirstTokenMs: number | null;
  /** Why the model's stream ended ('length': cut off at its token limit); absent when no model answered to the end of a stream. */
  finishReason?: ChatFinishReason;
}

/** Where a reply's rows stand when it ends. */
export interface ReplyRows {
  /** The id of the reply's usage record (one per model call, possibly written already). */
  usageId: string;
  /** The assistant message was written while the reply streamed: it is completed, never written again. */
  streamed: boolean;
}

/** What a usage record links to; a link is left out when its row does not exist. */
export interface UsageLinks {
  sessionId?: string;
  messageId?: string;
  decisionId?: string;
}

/** What a model call came to; without a status, its reply is still streaming. */
export type CallUsage = Omit<FinishedReply, 'text' | 'status' | 'fellBackFrom'> & { status?: UsageOutcome };

/** A model call's usage record: numbers and ids only, no text from the conversation. */
export function usageRecordOf(
  plan: Pick<ReplyPlan, 'caller' | 'walletPays'>,
  usageId: string,
  call: CallUsage,
  links: UsageLinks,
): NewUsageRecord {
  return {
    id: usageId,
    orgId: plan.caller.orgId,
    userId: plan.caller.userId,
    sessionId: links.sessionId ?? null,
    messageId: links.messageId ?? null,
    decisionId: links.decisionId ?? null,
    modelId: call.model.id,
    inputTokens: call.usage.inputTokens,
    cachedInputTokens: call.usage.cachedInputTokens,
    outputTokens: call.usage.outputTokens,
    costUsd: call.costUsd,
    referenceCostUsd: call.referenceCostUsd,
    cacheHit: call.cacheHit ?? false,
    latencyMs: call.latencyMs,
    timeToFirstTokenMs: call.timeToFirstTokenMs,
    estimated: call.usage.estimated,
    outcome: call.status ?? 'streaming',
    // The database debits the wallet once the record stops streaming (custom migration 0015).
    billedToWallet: !call.cacheHit && (plan.walletPays?.has(call.model.provider) ?? false),
    finishReason: call.finishReason ?? null,
  };
}

/**
 * Saves the assistant message, its usage record and the routing decision's outcome together,
 * and answers the stream metadata. A reply deleted while it streamed is not written again: that
 * throws, and the caller keeps the usage on its own (`keepCallUsage`).
 */
export async function recordReply(
  dependencies: Pick<ConversationDependencies, 'db'>,
  plan: ReplyPlan,
  reply: FinishedReply,
  rows: ReplyRows,
): Promise<StreamMetadata> {
  const { caller, sessionId } = plan;
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const tokensUsed = reply.usage.inputTokens + reply.usage.outputTokens;
  const { message, decision } = await dependencies.db.transaction(async (transaction) => {
    // The session first, then the reply's rows: the order in which deleting the chat locks them.
    await touchSession(transaction, owner, sessionId);
    const fields = { content: reply.text, modelId: reply.model.id, status: reply.status, tokens: tokensUsed };
    const saved = rows.streamed
      ? await finishStreamedReply(transaction, owner, plan.replyMessageId, fields)
      : plan.replaceMessageId
        ? await replaceReply(transaction, owner, plan.replaceMessageId, { ...fields, streamOwner: null })
        : await insertMessage(transaction, {
            ...owner,
            id: plan.replyMessageId,
            sessionId,
            role: 'assistant',
            ...fields,
          });
    if (!saved) throw new Error('The reply was deleted while it streamed');
    await saveUsageRecord(
      transaction,
      usageRecordOf(plan, rows.usageId, reply, { sessionId, messageId: saved.id, decisionId: plan.decisionId }),
    );
    const completed = await completeDecision(transaction, caller.orgId, plan.decisionId, {
      replyMessageId: saved.id,
      servedModelId: reply.model.id,
      inputTokens: reply.usage.inputTokens,
      outputTokens: reply.usage.outputTokens,
      costUsd: reply.decisionCostUsd ?? reply.costUsd,
      referenceCostUsd: reply.referenceCostUsd,
      ...(reply.fellBackFrom
        ? {
            reason: 'fallback' as const,
            reasonText: `${reply.fellBackFrom} failed before answering; its backup answered`,
          }
        : {}),
    });
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
    ...(reply.finishReason ? { finish_reason: reply.finishReason } : {}),
  };
}

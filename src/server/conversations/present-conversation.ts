import { usdNumberOf } from '../../money';
import type { ChatMessageView, ChatSessionView, ReplyVersionView } from '../../contracts';
import type { ChatMessageRecord, FeedbackRating, UsageRecord } from './chat-message-repository';
import type { ChatSessionRecord } from './chat-session-repository';
import type { ReplyVersionRecord } from './reply-version-repository';
import { presentRoute, type DecisionRecord } from '../metered-calls/decision-repository';

export function presentSession(session: ChatSessionRecord): ChatSessionView {
  return {
    id: session.id,
    title: session.title,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}

/**
 * `feedback` is the caller's own rating of the message, null when they have not rated it;
 * `decision` is a reply's latest routing decision (what feedback is given for).
 */
export function presentMessage(
  message: ChatMessageRecord,
  usage: UsageRecord | null = null,
  feedback: FeedbackRating | null = null,
  decision: DecisionRecord | null = null,
): ChatMessageView {
  return {
    id: message.id,
    session_id: message.sessionId,
    role: message.role,
    content: message.content,
    model: message.modelId,
    status: message.status,
    tokens_used: message.tokens,
    created_at: message.createdAt.toISOString(),
    edited_at: message.editedAt?.toISOString() ?? null,
    usage: usage && {
      input_tokens: usage.inputTokens,
      cached_input_tokens: usage.cachedInputTokens,
      output_tokens: usage.outputTokens,
      cost_usd: usdNumberOf(usage.costUsd),
      latency_ms: usage.latencyMs,
      time_to_first_token_ms: usage.timeToFirstTokenMs,
      estimated: usage.estimated,
    },
    feedback,
    selection_id: decision?.id ?? null,
    route: decision && presentRoute(decision),
    finish_reason: usage?.finishReason ?? null,
  };
}

export function presentReplyVersion({
  version,
  usage,
}: {
  version: ReplyVersionRecord;
  usage: UsageRecord | null;
}): ReplyVersionView {
  return {
    prompt: version.prompt,
    content: version.content,
    model: version.modelId,
    status: version.status,
    tokens_used: version.tokens,
    created_at: version.answeredAt.toISOString(),
    cost_usd: usage ? usdNumberOf(usage.costUsd) : null,
    finish_reason: usage?.finishReason ?? null,
  };
}

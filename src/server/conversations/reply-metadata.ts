import type { StreamMetadata } from '../../contracts';
import type { ChatFinishReason } from '../../gateway';
import { presentRoute, type DecisionRecord } from '../metered-calls/decision-repository';
import type { ChatMessageRecord } from './chat-message-repository';
import type { ReplySlot } from './reply-slot';

/** The stream's closing [META] line for a recorded reply (docs/decisions/007). */
export function replyMetadata(
  slot: ReplySlot,
  reply: {
    message: ChatMessageRecord;
    decision: DecisionRecord;
    primaryModelId: string;
    /** The backup that answered, when the primary failed before answering. */
    backupModelId?: string;
    tokensUsed: number;
    finishReason?: ChatFinishReason;
  },
): StreamMetadata {
  return {
    usr_msg_id: slot.userMessageId,
    assistant_msg_id: reply.message.id,
    session_id: slot.sessionId,
    created_at: reply.message.createdAt.toISOString(),
    primary_model: reply.primaryModelId,
    backup_model: reply.backupModelId ?? null,
    tokens_used: reply.tokensUsed,
    selection_id: reply.decision.id,
    user_id: slot.caller.userId,
    route: presentRoute(reply.decision),
    ...(reply.finishReason ? { finish_reason: reply.finishReason } : {}),
  };
}

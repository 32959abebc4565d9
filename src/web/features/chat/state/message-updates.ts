import type { StreamMetadata } from '@contracts';
import type { ChatMessage, ChatState } from './chat-types';

export function assistantMessageFromMetadata(text: string, metadata: StreamMetadata): ChatMessage {
  return {
    id: metadata.assistant_msg_id,
    content: text,
    role: 'assistant',
    timestamp: metadata.created_at,
    sessionId: metadata.session_id,
    model: metadata.primary_model,
    tokensUsed: metadata.tokens_used,
    selectionId: metadata.selection_id,
    isPending: false,
    metadata,
    route: metadata.route ?? null,
    finishReason: metadata.finish_reason ?? null,
  };
}

/**
 * Spec section 4: regeneration replaces the message with the same id, or appends it. A reply
 * kept only locally (after a failure) is replaced by the server's answer in its place.
 */
export function placeRegeneratedReply(
  state: ChatState,
  text: string,
  metadata: StreamMetadata,
  replacedMessageId = metadata.assistant_msg_id,
): ChatState {
  const reply = assistantMessageFromMetadata(text, metadata);
  const replaces = (message: ChatMessage) => message.id === reply.id || message.id === replacedMessageId;
  return {
    ...state,
    sessions: state.sessions.map((session) => {
      if (session.id !== metadata.session_id) return session;
      const index = session.messages.findIndex(replaces);
      if (index < 0) return { ...session, messages: [...session.messages, reply] };
      const others = session.messages.filter((message) => !replaces(message));
      return { ...session, messages: [...others.slice(0, index), reply, ...others.slice(index)] };
    }),
  };
}

function editMessage(state: ChatState, messageId: string, content: string): ChatState {
  return {
    ...state,
    sessions: state.sessions.map((session) => ({
      ...session,
      messages: session.messages.map((message) => (message.id === messageId ? { ...message, content } : message)),
    })),
  };
}

/**
 * An edited message sent again (docs/decisions/030): it reads the new text at once, and the answer
 * streams in place of the reply after it (or after it, when it had none).
 */
export function startEditResubmit(state: ChatState, sessionId: string, messageId: string, content: string): ChatState {
  const session = state.sessions.find((candidate) => candidate.id === sessionId);
  const at = session?.messages.findIndex((message) => message.id === messageId) ?? -1;
  const next = at >= 0 ? session?.messages[at + 1] : undefined;
  const edited = editMessage(state, messageId, content);
  return {
    ...edited,
    sessions: edited.sessions.map((candidate) => ({
      ...candidate,
      messages: candidate.messages.map((message) => (message.id === messageId ? withoutFailure(message) : message)),
    })),
    isTyping: true,
    streaming: { sessionId, content: '', ...(next?.role === 'assistant' ? { replacingMessageId: next.id } : {}) },
  };
}

function withoutFailure(message: ChatMessage): ChatMessage {
  const { failure: _failure, ...rest } = message;
  return rest;
}

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
export function placeRegeneratedReply(state: ChatState, text: string, metadata: StreamMetadata, replacedMessageId = metadata.assistant_msg_id): ChatState {
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

export function editMessage(state: ChatState, messageId: string, content: string): ChatState {
  return {
    ...state,
    sessions: state.sessions.map((session) => ({
      ...session,
      messages: session.messages.map((message) => (message.id === messageId ? { ...message, content } : message)),
    })),
  };
}

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
  };
}

/** Spec section 4: regeneration replaces the message with the same id, or appends it. */
export function placeRegeneratedReply(state: ChatState, text: string, metadata: StreamMetadata): ChatState {
  const reply = assistantMessageFromMetadata(text, metadata);
  return {
    ...state,
    sessions: state.sessions.map((session) => {
      if (session.id !== metadata.session_id) return session;
      const exists = session.messages.some((message) => message.id === reply.id);
      return { ...session, messages: exists ? session.messages.map((message) => (message.id === reply.id ? reply : message)) : [...session.messages, reply] };
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

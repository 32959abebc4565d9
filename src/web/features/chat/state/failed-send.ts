import type { StreamMetadata } from '@contracts';
import type { ChatMessage, ChatSession, ChatState } from './chat-types';
import { assistantMessageFromMetadata } from './message-updates';

function mapMessages(state: ChatState, change: (message: ChatMessage) => ChatMessage): ChatSession[] {
  return state.sessions.map((session) => ({ ...session, messages: session.messages.map(change) }));
}

function withFailure(message: ChatMessage, failure: ChatMessage['failure']): ChatMessage {
  const { failure: _previous, ...rest } = message;
  return failure ? { ...rest, failure } : rest;
}

/** The reply kept locally after a failure, if one was: retrying answers in its place. */
function keptReplyFor(state: ChatState, userMessageId: string): ChatMessage | undefined {
  return state.sessions
    .flatMap((session) => session.messages)
    .find((message) => message.role === 'assistant' && message.answersMessageId === userMessageId);
}

/** Retrying a failed message: its failure goes, and the new reply streams where the kept one was. */
export function startRetry(state: ChatState, sessionId: string, userMessageId: string): ChatState {
  const kept = keptReplyFor(state, userMessageId);
  return {
    ...state,
    sessions: mapMessages(state, (message) =>
      message.id === userMessageId ? withFailure(message, undefined) : message,
    ),
    isTyping: true,
    streaming: { sessionId, content: '', ...(kept ? { replacingMessageId: kept.id } : {}) },
  };
}

/** The retried reply replaces the kept one, or comes right after the message it answers. */
export function completeRetry(
  state: ChatState,
  userMessageId: string,
  text: string,
  metadata: StreamMetadata,
): ChatState {
  const reply = assistantMessageFromMetadata(text, metadata);
  const kept = keptReplyFor(state, userMessageId);
  const sessions = state.sessions.map((session) => {
    const others = session.messages.filter((message) => message.id !== kept?.id && message.id !== reply.id);
    const at = others.findIndex((message) => message.id === userMessageId);
    if (at < 0) return session;
    return { ...session, messages: [...others.slice(0, at + 1), reply, ...others.slice(at + 1)] };
  });
  return { ...state, sessions, isTyping: false, streaming: null };
}

export function failRetry(state: ChatState, userMessageId: string, reason: string | undefined): ChatState {
  return {
    ...state,
    sessions: mapMessages(state, (message) =>
      message.id === userMessageId && reason ? withFailure(message, { reason }) : message,
    ),
    isTyping: false,
    streaming: null,
  };
}

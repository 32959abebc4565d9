import { sessionTitleFromPrompt, type FeedbackRating, type StreamMetadata } from '@contracts';
import type { ChatMessage, ChatSession, ChatState } from './chat-types';
import { isLocalSessionId } from './chat-types';
import { completeRetry, failRetry, startRetry } from './failed-send';
import { assistantMessageFromMetadata, placeRegeneratedReply, startEditResubmit } from './message-updates';

export type ChatAction =
  | { type: 'sessions-loaded'; sessions: ChatSession[] }
  | { type: 'session-selected'; sessionId: string | null }
  | { type: 'messages-loading' }
  /** `title`: the session's title as the server has it now, when the messages were read with it (an edit may retitle). */
  | { type: 'messages-loaded'; sessionId: string; messages: ChatMessage[]; title?: string }
  | { type: 'messages-failed' }
  | { type: 'message-sent'; message: ChatMessage }
  | {
      type: 'session-saved';
      localSessionId: string;
      sessionId: string;
      pendingMessageId: string;
      userMessageId: string;
    }
  | { type: 'reply-advanced'; text: string }
  | { type: 'reply-completed'; pendingMessageId: string; text: string; metadata: StreamMetadata }
  /** `reason`: the server's words for an inline failure (none when the user stopped, or a banner shows it). */
  | {
      type: 'reply-failed';
      pendingMessageId: string;
      partialText: string;
      reason?: string;
      stopped?: boolean;
      notSent?: boolean;
    }
  | { type: 'retry-started'; sessionId: string; messageId: string }
  | { type: 'retry-completed'; messageId: string; text: string; metadata: StreamMetadata }
  | { type: 'retry-failed'; messageId: string; reason?: string }
  /** A refused message the server never saved, taken back before it is sent again. */
  | { type: 'message-withdrawn'; messageId: string }
  | { type: 'regeneration-started'; sessionId: string; messageId: string }
  | { type: 'reply-regenerated'; text: string; metadata: StreamMetadata; replacedMessageId: string }
  | { type: 'regeneration-failed' }
  | { type: 'feedback-given'; messageId: string; rating: FeedbackRating }
  /** An edited message asked again: its new answer streams in place of the reply after it. */
  | { type: 'edit-resubmitted'; sessionId: string; messageId: string; content: string }
  | { type: 'session-renamed'; sessionId: string; title: string }
  | { type: 'session-deleted'; sessionId: string }
  | { type: 'sessions-cleared' };

export const initialChatState: ChatState = {
  sessions: [],
  currentSessionId: null,
  isTyping: false,
  streaming: null,
  isLoadingMessages: false,
};

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sessions-loaded': {
      const known = new Map(state.sessions.map((session) => [session.id, session]));
      const fetched = action.sessions.map((session) => ({
        ...session,
        messages: known.get(session.id)?.messages ?? session.messages,
      }));
      const localOnly = state.sessions.filter((session) => isLocalSessionId(session.id));
      const sessions = [...localOnly, ...fetched];
      return { ...state, sessions, currentSessionId: state.currentSessionId ?? sessions[0]?.id ?? null };
    }
    case 'session-selected':
      return { ...state, currentSessionId: action.sessionId };
    case 'messages-loading':
      return { ...state, isLoadingMessages: true };
    case 'messages-failed':
      return { ...state, isLoadingMessages: false };
    case 'messages-loaded':
      return {
        ...updateSession(state, action.sessionId, (session) => ({
          ...session,
          title: action.title ?? session.title,
          messages: mergeMessages(action.messages, session.messages),
        })),
        isLoadingMessages: false,
      };
    case 'message-sent': {
      const { message } = action;
      const exists = state.sessions.some((session) => session.id === message.sessionId);
      const sessions = exists
        ? state.sessions.map((session) =>
            session.id === message.sessionId ? { ...session, messages: [...session.messages, message] } : session,
          )
        : [
            {
              id: message.sessionId,
              title: sessionTitleFromPrompt(message.content),
              createdAt: message.timestamp,
              messages: [message],
            },
            ...state.sessions,
          ];
      return {
        ...state,
        sessions,
        currentSessionId: message.sessionId,
        isTyping: true,
        streaming: { sessionId: message.sessionId, content: '' },
      };
    }
    case 'session-saved': {
      const adopted = adoptSavedSession(state, action.localSessionId, action.sessionId);
      return updateSession(adopted, action.sessionId, (session) => ({
        ...session,
        messages: session.messages.map((message) =>
          message.id === action.pendingMessageId ? { ...message, savedAs: action.userMessageId } : message,
        ),
      }));
    }
    case 'reply-advanced':
      return state.streaming
        ? { ...state, streaming: { ...state.streaming, content: state.streaming.content + action.text } }
        : state;
    case 'reply-completed':
      return completeReply(state, action.pendingMessageId, action.text, action.metadata);
    case 'reply-failed':
      return failReply(state, action);
    case 'retry-started':
      return startRetry(state, action.sessionId, action.messageId);
    case 'retry-completed':
      return completeRetry(state, action.messageId, action.text, action.metadata);
    case 'retry-failed':
      return failRetry(state, action.messageId, action.reason);
    case 'message-withdrawn':
      return {
        ...state,
        sessions: state.sessions.map((session) => ({
          ...session,
          messages: session.messages.filter((message) => message.id !== action.messageId),
        })),
      };
    case 'regeneration-started':
      return {
        ...state,
        isTyping: true,
        streaming: { sessionId: action.sessionId, content: '', replacingMessageId: action.messageId },
      };
    case 'reply-regenerated':
      return {
        ...placeRegeneratedReply(state, action.text, action.metadata, action.replacedMessageId),
        isTyping: false,
        streaming: null,
      };
    case 'regeneration-failed':
      return { ...state, isTyping: false, streaming: null };
    case 'edit-resubmitted':
      return startEditResubmit(state, action.sessionId, action.messageId, action.content);
    case 'feedback-given':
      return {
        ...state,
        sessions: state.sessions.map((session) => ({
          ...session,
          messages: session.messages.map((message) =>
            message.id === action.messageId ? { ...message, feedback: action.rating } : message,
          ),
        })),
      };
    case 'session-renamed':
      return updateSession(state, action.sessionId, (session) => ({ ...session, title: action.title }));
    case 'session-deleted':
      return {
        ...state,
        sessions: state.sessions.filter((session) => session.id !== action.sessionId),
        currentSessionId: state.currentSessionId === action.sessionId ? null : state.currentSessionId,
      };
    case 'sessions-cleared':
      return { ...initialChatState };
  }
}

/** A local (temp-) session the server has now saved takes the saved id, messages and all. */
function adoptSavedSession(state: ChatState, localSessionId: string, sessionId: string): ChatState {
  if (localSessionId === sessionId || !isLocalSessionId(localSessionId)) return state;
  const rename = (id: string | null) => (id === localSessionId ? sessionId : id);
  return {
    ...state,
    sessions: state.sessions.map((session) =>
      session.id === localSessionId
        ? { ...session, id: sessionId, messages: session.messages.map((message) => ({ ...message, sessionId })) }
        : session,
    ),
    currentSessionId: rename(state.currentSessionId),
    streaming: state.streaming && { ...state.streaming, sessionId: rename(state.streaming.sessionId)! },
  };
}

function updateSession(state: ChatState, sessionId: string, change: (session: ChatSession) => ChatSession): ChatState {
  return {
    ...state,
    sessions: state.sessions.map((session) => (session.id === sessionId ? change(session) : session)),
  };
}

/** Spec section 4: fetched messages merge with local pending ones the server does not have yet. */
function mergeMessages(fetched: ChatMessage[], local: ChatMessage[]): ChatMessage[] {
  const fetchedIds = new Set(fetched.map((message) => message.id));
  return [...fetched, ...local.filter((message) => message.isPending && !fetchedIds.has(message.id))];
}

function completeReply(state: ChatState, pendingMessageId: string, text: string, metadata: StreamMetadata): ChatState {
  const pendingSession = state.sessions.find((session) =>
    session.messages.some((message) => message.id === pendingMessageId),
  );
  const pending = pendingSession?.messages.find((message) => message.id === pendingMessageId);
  const userMessage: ChatMessage[] = pending
    ? [{ ...pending, id: metadata.usr_msg_id, sessionId: metadata.session_id, isPending: false }]
    : [];
  const reply = assistantMessageFromMetadata(text, metadata);
  const isTemporary = pendingSession !== undefined && isLocalSessionId(pendingSession.id);
  const carried = isTemporary ? pendingSession.messages.filter((message) => message.id !== pendingMessageId) : [];
  const added = [...carried, ...userMessage, reply];
  const addedIds = new Set(added.map((message) => message.id));
  const remaining = state.sessions
    .filter((session) => !(isTemporary && session === pendingSession))
    .map((session) => ({
      ...session,
      messages: session.messages.filter((message) => message.id !== pendingMessageId),
    }));
  const target = remaining.find((session) => session.id === metadata.session_id);
  // A temporary session is replaced by the saved one, which goes to the top of the list.
  const sessions = target
    ? remaining.map((session) =>
        session === target
          ? { ...session, messages: [...session.messages.filter((message) => !addedIds.has(message.id)), ...added] }
          : session,
      )
    : [
        {
          id: metadata.session_id,
          title: pendingSession?.title ?? sessionTitleFromPrompt(pending?.content ?? ''),
          createdAt: metadata.created_at,
          messages: added,
        },
        ...remaining,
      ];
  return { ...state, sessions, currentSessionId: metadata.session_id, isTyping: false, streaming: null };
}

function failReply(
  state: ChatState,
  { pendingMessageId, partialText, reason, stopped, notSent }: Extract<ChatAction, { type: 'reply-failed' }>,
): ChatState {
  const pending = state.sessions
    .flatMap((session) => session.messages)
    .find((message) => message.id === pendingMessageId);
  const savedId = pending?.savedAs;
  // A message the server saved takes its saved id, so it can be edited and answered again.
  const settled = state.sessions.map((session) => ({
    ...session,
    messages: session.messages.map((message) =>
      message.id === pendingMessageId
        ? {
            ...message,
            id: savedId ?? message.id,
            isPending: false,
            ...(reason ? { failure: notSent && !savedId ? { reason, notSent } : { reason } } : {}),
          }
        : message,
    ),
  }));
  const sessionId = state.streaming?.sessionId;
  const withPartial =
    partialText && sessionId
      ? settled.map((session) =>
          session.id === sessionId
            ? {
                ...session,
                messages: [
                  ...session.messages,
                  {
                    id: `partial-${pendingMessageId}`,
                    content: partialText,
                    role: 'assistant' as const,
                    timestamp: new Date().toISOString(),
                    sessionId,
                    model: null,
                    tokensUsed: 0,
                    selectionId: null,
                    isPending: false,
                    answersMessageId: savedId,
                    ...(stopped ? { stoppedByUser: true } : {}),
                  },
                ],
              }
            : session,
        )
      : settled;
  return { ...state, sessions: withPartial, isTyping: false, streaming: null };
}

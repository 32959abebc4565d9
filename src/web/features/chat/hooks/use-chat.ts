import { useReducer } from 'react';
import { useAuth } from '../../auth/hooks/use-auth';
import { chatReducer, initialChatState } from '../state/chat-reducer';
import { useChatSessions } from './use-chat-sessions';
import { useReplyFeedback } from './use-reply-feedback';
import { useSendMessage } from './use-send-message';

/** The chat screen's state (spec section 3 "Chat state") and everything that changes it. */
export function useChat(options: Pick<Parameters<typeof useSendMessage>[0], 'onBanner' | 'onReplyDone'> = {}) {
  const { user } = useAuth();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const sessions = useChatSessions(user, state.currentSessionId, dispatch);
  const replies = useSendMessage({
    user,
    currentSessionId: state.currentSessionId,
    dispatch,
    onSessionSaved: sessions.markLoaded,
    ...options,
  });
  const feedback = useReplyFeedback(user, dispatch);
  const currentSession = state.sessions.find((session) => session.id === state.currentSessionId) ?? null;
  return { state, currentSession, ...replies, ...feedback, ...sessions };
}

import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { conversationApi } from '../api/conversation-api';
import type { ChatAction } from '../state/chat-reducer';
import { messageFromView, type ChatMessage } from '../state/chat-types';

/** The server records a stopped reply once its model call has ended: usually at once, rarely a few seconds on. */
export const stoppedReplyReload = { attempts: 12, intervalMs: 400 } as const;

function recordedReplyTo(messages: ChatMessage[], userMessageId: string): ChatMessage | undefined {
  const at = messages.findIndex((message) => message.id === userMessageId);
  const reply = at < 0 ? undefined : messages[at + 1];
  return reply?.role === 'assistant' && reply.status !== 'streaming' ? reply : undefined;
}

/**
 * After Stop, the partial reply as the server saved it (its tokens, model and what feedback is
 * given for), so the footer is whole without a reload. Read again until the server has recorded it.
 */
export function useReloadStoppedReply(dispatch: Dispatch<ChatAction>) {
  const active = useRef(true);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);

  return useCallback(
    async (sessionId: string, userMessageId: string) => {
      for (let attempt = 0; attempt < stoppedReplyReload.attempts && active.current; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, stoppedReplyReload.intervalMs));
        const session = await conversationApi.getSession(sessionId).catch(() => null);
        if (!session || !active.current) return;
        const messages = session.messages.map(messageFromView);
        if (recordedReplyTo(messages, userMessageId)) {
          dispatch({ type: 'messages-loaded', sessionId, messages });
          return;
        }
      }
    },
    [dispatch],
  );
}

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

/** What a stopped reply waits for: the reply to that user message recorded, or (a regeneration) nothing in the session still streaming. */
export type StoppedReplyTarget = { userMessageId: string } | { anyReply: true };

const isRecorded = (messages: ChatMessage[], target: StoppedReplyTarget) =>
  'userMessageId' in target ? recordedReplyTo(messages, target.userMessageId) !== undefined : messages.every((message) => message.status !== 'streaming');

/**
 * After Stop, the partial reply as the server saved it (its tokens, model and what feedback is
 * given for), so the footer is whole without a reload. Read again until the server has recorded it.
 * A stopped regeneration is read back the same way: the server keeps what it recorded, which the
 * screen must show rather than the reply from before.
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
    async (sessionId: string, target: StoppedReplyTarget) => {
      for (let attempt = 0; attempt < stoppedReplyReload.attempts && active.current; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, stoppedReplyReload.intervalMs));
        const session = await conversationApi.getSession(sessionId).catch(() => null);
        if (!session || !active.current) return;
        const messages = session.messages.map(messageFromView);
        if (isRecorded(messages, target)) {
          dispatch({ type: 'messages-loaded', sessionId, messages });
          return;
        }
      }
    },
    [dispatch],
  );
}

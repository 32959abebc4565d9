import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { conversationApi } from '../api/conversation-api';
import type { ChatAction } from '../state/chat-reducer';
import { messageFromView, type ChatMessage } from '../state/chat-types';

/** The server records a stopped reply once its model call has ended: usually at once, rarely a few seconds on. */
const readBackRetries = { attempts: 12, intervalMs: 400 } as const;

function recordedReplyTo(messages: ChatMessage[], userMessageId: string): ChatMessage | undefined {
  const at = messages.findIndex((message) => message.id === userMessageId);
  const reply = at < 0 ? undefined : messages[at + 1];
  return reply?.role === 'assistant' && reply.status !== 'streaming' ? reply : undefined;
}

/** What a read-back waits for: the reply to that user message recorded, or (a regeneration) nothing in the session still streaming. */
export type ReadBackTarget = { userMessageId: string } | { anyReply: true };

const isRecorded = (messages: ChatMessage[], target: ReadBackTarget) =>
  'userMessageId' in target
    ? recordedReplyTo(messages, target.userMessageId) !== undefined
    : messages.every((message) => message.status !== 'streaming');

/**
 * Reads a session's replies back as the server recorded them, read again until it has. After Stop:
 * the partial reply's tokens, model and what feedback is given for, so the footer is whole without
 * a reload (a stopped regeneration too: the server keeps what it recorded, which the screen must
 * show rather than the reply from before). After a regeneration or an edit: the reply's earlier
 * versions, whether the edit was saved, and the title it may have changed. Resolves with the messages loaded, or null.
 */
export function useReadBackReplies(dispatch: Dispatch<ChatAction>) {
  const active = useRef(true);
  useEffect(() => {
    active.current = true;
    return () => {
      active.current = false;
    };
  }, []);

  return useCallback(
    async (sessionId: string, target: ReadBackTarget): Promise<ChatMessage[] | null> => {
      for (let attempt = 0; attempt < readBackRetries.attempts && active.current; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, readBackRetries.intervalMs));
        const session = await conversationApi.getSession(sessionId).catch(() => null);
        if (!session || !active.current) return null;
        const messages = session.messages.map(messageFromView);
        if (isRecorded(messages, target)) {
          // The title too: editing the first message retitles a session whose title was made from it.
          dispatch({ type: 'messages-loaded', sessionId, messages, title: session.title });
          return messages;
        }
      }
      return null;
    },
    [dispatch],
  );
}

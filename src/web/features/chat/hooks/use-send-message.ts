import { useCallback, useRef, type Dispatch } from 'react';
import type { StreamMetadata, User } from '@contracts';
import type { ChatAction } from '../state/chat-reducer';
import { isLocalSessionId, type ChatMessage } from '../state/chat-types';
import { useReadBackReplies } from './use-read-back-replies';
import { useReplyStream, type BannerNotice, type ReplyFailure } from './use-reply-stream';

interface SendOptions {
  user: User | null;
  currentSessionId: string | null;
  dispatch: Dispatch<ChatAction>;
  /** Called with a saved session id so its messages are not fetched again right away. */
  onSessionSaved: (sessionId: string) => void;
  onBanner?: (notice: BannerNotice) => void;
  /** A reply ended complete: its metadata names the model that answered. */
  onReplyDone?: (metadata: StreamMetadata) => void;
}

/** Spec section 4 "Sending a message", "Streaming" and "Regeneration". */
export function useSendMessage({
  user,
  currentSessionId,
  dispatch,
  onSessionSaved,
  onBanner,
  onReplyDone,
}: SendOptions) {
  const { run, stop, isBusy } = useReplyStream(onBanner);
  const readBack = useReadBackReplies(dispatch);
  // The latest send and regenerate, for a refusal's "switch and resend" that runs after they changed.
  const latest = useRef<{
    send?: (content: string, modelId: string | null) => Promise<void>;
    regenerate?: (message: ChatMessage, modelId: string | null) => Promise<void>;
    retry?: (message: ChatMessage, modelId: string | null) => Promise<void>;
    resubmit?: (message: ChatMessage, content: string, modelId: string | null) => Promise<boolean>;
  }>({});

  const send = useCallback(
    async (content: string, modelId: string | null) => {
      const prompt = content.trim();
      if (!prompt || !user || isBusy()) return;
      const now = Date.now();
      const sessionId = currentSessionId ?? `temp-${now}`;
      const pending: ChatMessage = {
        id: `pending-${now}`,
        content: prompt,
        role: 'user',
        timestamp: new Date(now).toISOString(),
        sessionId,
        model: null,
        tokensUsed: 0,
        selectionId: null,
        isPending: true,
      };
      dispatch({ type: 'message-sent', message: pending });
      let saved: { sessionId: string; userMessageId: string } | undefined;
      await run(
        {
          path: '/conversation/message',
          body: {
            org_id: user.orgId,
            user_id: user.id,
            prompt,
            session_id: currentSessionId,
            forced_model_id: modelId,
            stream: true,
          },
          // A new chat takes its saved id at once, so a failed first reply does not split the conversation.
          onSaved: (answer) => {
            saved = answer;
            onSessionSaved(answer.sessionId);
            dispatch({
              type: 'session-saved',
              localSessionId: sessionId,
              sessionId: answer.sessionId,
              pendingMessageId: pending.id,
              userMessageId: answer.userMessageId,
            });
          },
        },
        {
          onText: (text) => dispatch({ type: 'reply-advanced', text }),
          onDone: (reply) => {
            onSessionSaved(reply.metadata.session_id);
            dispatch({
              type: 'reply-completed',
              pendingMessageId: pending.id,
              text: reply.text,
              metadata: reply.metadata,
            });
            onReplyDone?.(reply.metadata);
          },
          onFail: (partialText, failure) => {
            dispatch({ type: 'reply-failed', pendingMessageId: pending.id, partialText, ...failure });
            if (failure.stopped && saved) void readBack(saved.sessionId, { userMessageId: saved.userMessageId });
          },
          // A refused message was not saved: it goes, and is sent again with the other model.
          retryWith: (otherModelId) => {
            dispatch({ type: 'message-withdrawn', messageId: pending.id });
            void latest.current.send?.(prompt, otherModelId);
          },
        },
      );
    },
    [user, currentSessionId, dispatch, onSessionSaved, onReplyDone, run, isBusy, readBack],
  );
  latest.current.send = send;

  const regenerate = useCallback(
    async (message: ChatMessage, modelId: string | null) => {
      if (isBusy()) return;
      dispatch({ type: 'regeneration-started', sessionId: message.sessionId, messageId: message.id });
      await run(
        {
          path: '/conversation/regenerate',
          body: {
            message_id: message.answersMessageId ?? message.id,
            session_id: message.sessionId,
            forced_model_id: modelId,
            stream: true,
          },
        },
        {
          onText: (text) => dispatch({ type: 'reply-advanced', text }),
          onDone: (reply) => {
            dispatch({
              type: 'reply-regenerated',
              text: reply.text,
              metadata: reply.metadata,
              replacedMessageId: message.id,
            });
            onReplyDone?.(reply.metadata);
            // The answer it replaced is kept as an earlier version: read back with it.
            void readBack(message.sessionId, { anyReply: true });
          },
          onFail: (_partialText, failure) => {
            dispatch({ type: 'regeneration-failed' });
            if (failure.stopped) void readBack(message.sessionId, { anyReply: true });
          },
          retryWith: (otherModelId) => void latest.current.regenerate?.(message, otherModelId),
        },
      );
    },
    [dispatch, onReplyDone, run, isBusy, readBack],
  );
  latest.current.regenerate = regenerate;

  /**
   * Sends a failed message again without adding it twice: one the server saved is answered again
   * (the kept partial reply, if any, is replaced); one it never saved is taken back and sent anew.
   */
  const retry = useCallback(
    async (message: ChatMessage, modelId: string | null) => {
      if (isBusy()) return;
      if (!isSavedMessage(message)) {
        dispatch({ type: 'message-withdrawn', messageId: message.id });
        await latest.current.send?.(message.content, modelId);
        return;
      }
      dispatch({ type: 'retry-started', sessionId: message.sessionId, messageId: message.id });
      await run(
        {
          path: '/conversation/regenerate',
          body: { message_id: message.id, session_id: message.sessionId, forced_model_id: modelId, stream: true },
        },
        {
          onText: (text) => dispatch({ type: 'reply-advanced', text }),
          onDone: (reply) => {
            dispatch({ type: 'retry-completed', messageId: message.id, text: reply.text, metadata: reply.metadata });
            onReplyDone?.(reply.metadata);
          },
          onFail: (_partialText, failure) => {
            dispatch({ type: 'retry-failed', messageId: message.id, reason: failure.reason });
            if (failure.stopped) void readBack(message.sessionId, { userMessageId: message.id });
          },
          retryWith: (otherModelId) => void latest.current.retry?.(message, otherModelId),
        },
      );
    },
    [dispatch, onReplyDone, run, isBusy, readBack],
  );
  latest.current.retry = retry;

  /**
   * Saving an edited message asks it again (docs/decisions/030): the reply's answer so far becomes
   * an earlier version. Resolves true when the server has the edit; false when it refused it before
   * saving (the screen then shows the message as the server has it, and the draft is kept).
   */
  const resubmit = useCallback(
    async (message: ChatMessage, content: string, modelId: string | null): Promise<boolean> => {
      if (isBusy()) return false;
      const { sessionId } = message;
      dispatch({ type: 'edit-resubmitted', sessionId, messageId: message.id, content });
      let failure: ReplyFailure | undefined;
      await run(
        {
          path: '/conversation/regenerate',
          body: { message_id: message.id, session_id: sessionId, forced_model_id: modelId, content, stream: true },
        },
        {
          onText: (text) => dispatch({ type: 'reply-advanced', text }),
          onDone: (reply) => {
            dispatch({
              type: 'reply-regenerated',
              text: reply.text,
              metadata: reply.metadata,
              replacedMessageId: reply.metadata.assistant_msg_id,
            });
            onReplyDone?.(reply.metadata);
          },
          onFail: (_partialText, ended) => {
            failure = ended.notSent ? { ...ended, reason: undefined } : ended;
            dispatch({ type: 'retry-failed', messageId: message.id, reason: failure.reason });
          },
          retryWith: (otherModelId) => void latest.current.resubmit?.(message, content, otherModelId),
        },
      );
      const saved = await readBack(sessionId, { anyReply: true });
      const edited = saved?.find((candidate) => candidate.id === message.id);
      if (failure && edited && edited.content !== content) return false;
      // Read back, the failure is shown under the message again, where Retry asks the edited prompt.
      if (failure?.reason && edited) dispatch({ type: 'retry-failed', messageId: message.id, reason: failure.reason });
      return true;
    },
    [dispatch, onReplyDone, run, isBusy, readBack],
  );
  latest.current.resubmit = resubmit;

  /** A message that was not sent goes from the conversation (its text goes back to the message box). */
  const withdraw = useCallback(
    (message: ChatMessage) => dispatch({ type: 'message-withdrawn', messageId: message.id }),
    [dispatch],
  );

  return { send, regenerate, retry, resubmit, withdraw, stop };
}

function isSavedMessage(message: ChatMessage): boolean {
  return !message.id.startsWith('pending-') && !isLocalSessionId(message.sessionId);
}

import { useEffect, useRef } from 'react';
import { useAnswerChoices } from '../../hooks/use-answer-choices';
import { streamingMessageId, type ChatMessage, type ChatSession, type StreamingReply } from '../../state/chat-types';
import { messagesAsShown } from '../../state/reply-versions';
import { MessageBubble, messageElementId } from './message-bubble';
import { ThinkingIndicator } from './thinking-indicator';

interface ConversationPaneProps {
  session: ChatSession | null;
  streaming: StreamingReply | null;
  isLoadingMessages: boolean;
  /** A message to show, scrolled into view and marked, instead of the newest (a search result). */
  focusMessageId?: string | null;
}

export function ConversationPane({
  session,
  streaming,
  isLoadingMessages,
  focusMessageId = null,
}: ConversationPaneProps) {
  const endOfMessages = useRef<HTMLDivElement>(null);
  // The message count when the focused message was scrolled to: until it changes, stay there.
  const focusedAt = useRef<{ messageId: string; count: number } | null>(null);
  const messages = session?.messages ?? [];
  const answerChoice = useAnswerChoices();
  const streamingHere = streaming && session && streaming.sessionId === session.id ? streaming : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll as each streamed chunk arrives (streamingHere?.content), not whenever the streaming object is recreated
  useEffect(() => {
    const focused = focusMessageId ? document.getElementById(messageElementId(focusMessageId)) : null;
    if (focused && focusedAt.current?.messageId !== focusMessageId) {
      focused.scrollIntoView?.({ block: 'center' });
      focusedAt.current = { messageId: focusMessageId!, count: messages.length };
      return;
    }
    const stayAtFocus =
      focusedAt.current &&
      focusedAt.current.messageId === focusMessageId &&
      focusedAt.current.count === messages.length;
    if (stayAtFocus && !streamingHere) return;
    endOfMessages.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' });
  }, [messages.length, streamingHere?.content, focusMessageId]);

  if (isLoadingMessages && messages.length === 0) return <LoadingSkeleton />;
  if (messages.length === 0 && !streamingHere) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center p-6 text-center">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Start a new conversation</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Type a message to begin chatting with our AI assistant.
        </p>
      </div>
    );
  }

  const streamingMessage: ChatMessage | null = streamingHere && {
    id: streamingMessageId,
    content: streamingHere.content,
    role: 'assistant',
    timestamp: new Date().toISOString(),
    sessionId: streamingHere.sessionId,
    model: null,
    tokensUsed: 0,
    selectionId: null,
    isPending: true,
  };

  const replacing = streamingHere?.replacingMessageId;
  const streamingView = streamingMessage ? (
    streamingMessage.content === '' ? (
      <ThinkingIndicator key={streamingMessageId} />
    ) : (
      <MessageBubble key={streamingMessageId} message={streamingMessage} isStreaming />
    )
  ) : null;

  return (
    <div className="flex-1 space-y-4 overflow-y-auto p-4" aria-live="polite">
      {messagesAsShown(messages, (reply) => answerChoice(reply).index).map((message, at) =>
        message.id === replacing ? (
          streamingView
        ) : (
          <MessageBubble
            key={message.id}
            message={message}
            isFocused={message.id === focusMessageId}
            answers={message.role === 'assistant' ? answerChoice(messages[at]!) : undefined}
          />
        ),
      )}
      {replacing && messages.some((message) => message.id === replacing) ? null : streamingView}
      <div ref={endOfMessages} />
    </div>
  );
}

function LoadingSkeleton() {
  return (
    <div role="status" className="flex-1 space-y-4 p-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">Loading conversation...</p>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          className={`h-14 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800 ${index % 2 ? 'ml-auto w-1/2' : 'w-2/3'}`}
        />
      ))}
    </div>
  );
}

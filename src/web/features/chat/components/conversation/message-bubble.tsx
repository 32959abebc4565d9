import type { ChatMessage } from '../../state/chat-types';
import { MarkdownContent } from '../markdown/markdown-content';
import { MessageTime } from './message-time';
import { ReplyFooter } from './reply-footer';
import { SendFailure } from './send-failure';
import { UserMessageBody } from './user-message-body';
import type { AnswerChoice } from './version-switcher';

/** The element id of a message, for links to it (search results). */
export function messageElementId(messageId: string): string {
  return `message-${messageId}`;
}

interface MessageBubbleProps {
  message: ChatMessage;
  isStreaming?: boolean;
  isFocused?: boolean;
  /** A reply asked more than once: which answer is shown. */
  answers?: AnswerChoice;
}

export function MessageBubble({ message, isStreaming = false, isFocused = false, answers }: MessageBubbleProps) {
  const isUser = message.role === 'user';
  return (
    <article
      id={messageElementId(message.id)}
      aria-label={isUser ? 'Your message' : 'Assistant reply'}
      aria-current={isFocused || undefined}
      data-pending={message.isPending || undefined}
      className={`group flex flex-col ${isUser ? 'items-end' : 'items-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${isFocused ? 'ring-2 ring-amber-400 ring-offset-2 dark:ring-offset-slate-950' : ''} ${
          isUser ? 'bg-brand text-on-brand' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        {isUser ? <UserMessageBody message={message} /> : <MarkdownContent text={message.content} />}
        <MessageTime timestamp={message.timestamp} className="block text-right text-[0.7rem]" />
        {!isUser && !isStreaming ? <ReplyFooter message={message} answers={answers} /> : null}
      </div>
      {isUser ? <SendFailure message={message} /> : null}
    </article>
  );
}

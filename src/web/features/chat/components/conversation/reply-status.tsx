import type { ChatMessageStatus } from '../../state/chat-types';

/** Replies that did not finish normally, as saved by the server (docs/decisions/015). */
const marks: Partial<Record<ChatMessageStatus, { label: string; explanation: string }>> = {
  interrupted: {
    label: 'Interrupted',
    explanation: 'The server stopped before this reply finished; the text it had written is kept. Regenerate for a full answer.',
  },
  streaming: {
    label: 'Still being written',
    explanation: 'This reply is still being written; reload the chat to see more of it.',
  },
};

/** A clear mark under a reply that was interrupted or is still being written; nothing otherwise. */
export function ReplyStatus({ status }: { status: ChatMessageStatus | undefined }) {
  const mark = status ? marks[status] : undefined;
  if (!mark) return null;
  return (
    <span role="note" title={mark.explanation} className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {mark.label}
      <span className="sr-only">: {mark.explanation}</span>
    </span>
  );
}

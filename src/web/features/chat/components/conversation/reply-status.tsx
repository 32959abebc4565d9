import type { ReplyFinishReason } from '@contracts';
import type { ChatMessageStatus } from '../../state/chat-types';

/** Replies that did not finish normally, as saved by the server (docs/decisions/015). */
const marks: Partial<Record<ChatMessageStatus, { label: string; explanation: string }>> = {
  interrupted: {
    label: 'Interrupted',
    explanation:
      'The server stopped before this reply finished; the text it had written is kept. Regenerate for a full answer.',
  },
  failed: {
    label: 'No answer',
    explanation: 'The model failed before writing anything. Regenerate to ask again.',
  },
  streaming: {
    label: 'Still being written',
    explanation: 'This reply is still being written; reload the chat to see more of it.',
  },
};

/** A reply the user stopped: what is shown is all there is, by the user's choice. */
const stopped = {
  label: 'Stopped',
  explanation: 'You stopped this reply; the text written until then is kept. Regenerate for a full answer.',
};

/** A reply the model stopped at its token limit: what is shown reads as an answer but is not all of one. */
const cutOff = {
  label: 'Cut off at the token limit',
  explanation:
    'The model reached the most tokens it may write for one reply and stopped mid-answer. Regenerate with a stronger model, or ask it to continue.',
};

/** A clear mark under a reply that was interrupted, is still being written, was stopped by the user or was cut off at its token limit; nothing otherwise. */
export function ReplyStatus({
  status,
  finishReason,
  stoppedByUser,
}: {
  status: ChatMessageStatus | undefined;
  finishReason?: ReplyFinishReason | null;
  stoppedByUser?: boolean;
}) {
  const wasStopped = stoppedByUser || (status === 'partial' && finishReason === 'aborted');
  const mark =
    (status ? marks[status] : undefined) ?? (wasStopped ? stopped : finishReason === 'length' ? cutOff : undefined);
  if (!mark) return null;
  return (
    <span
      role="note"
      title={mark.explanation}
      className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      {mark.label}
      <span className="sr-only">: {mark.explanation}</span>
    </span>
  );
}

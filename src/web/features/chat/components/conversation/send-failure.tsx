import type { ChatMessage } from '../../state/chat-types';
import { useMessageActions } from './message-actions-context';

const actionStyle =
  'rounded border border-red-300 px-2 py-0.5 font-medium text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-red-700 dark:text-red-200 dark:hover:bg-red-950';

/**
 * Under a message whose reply failed: why (the server's words), Retry, and another model to try.
 * A message refused before it was saved (a limit, the wallet, access) says it was not sent, and
 * can also be taken back into the message box to change.
 */
export function SendFailure({ message }: { message: ChatMessage }) {
  const actions = useMessageActions();
  if (!message.failure) return null;
  const busy = actions?.isStreaming ?? true;
  const { notSent } = message.failure;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of actions under a failed message, not a form part; a <fieldset> would change its layout
    <div
      role="group"
      aria-label={notSent ? 'Message not sent' : 'Reply failed'}
      className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-2 text-xs"
    >
      <p className="text-red-700 dark:text-red-300">
        <span className="font-semibold">{notSent ? 'Not sent: ' : 'No reply: '}</span>
        {message.failure.reason}
      </p>
      {actions ? (
        <span className="flex gap-2">
          {notSent ? (
            <button type="button" className={actionStyle} disabled={busy} onClick={() => actions.editUnsent(message)}>
              Edit
            </button>
          ) : null}
          <button type="button" className={actionStyle} disabled={busy} onClick={() => actions.retry(message)}>
            Retry
          </button>
          <button
            type="button"
            className={actionStyle}
            disabled={busy}
            onClick={() => actions.tryAnotherModel(message)}
          >
            Try another model
          </button>
        </span>
      ) : null}
    </div>
  );
}

import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard';
import type { ChatMessage } from '../../state/chat-types';
import { FeedbackButtons } from './feedback-buttons';
import { RegenerateControl } from './regenerate-control';
import { ReplyStatus } from './reply-status';
import { ReplyTokens } from './reply-tokens';
import { RouteSummary } from './route-summary';
import { VersionSwitcher, type AnswerChoice } from './version-switcher';

const messageCopyConfirmationMs = 1500;

/**
 * Tokens used, model name, Regenerate, feedback and copy under an assistant reply (spec section 2),
 * how it was routed with its cost against the reference model, and a mark when it did not finish
 * or was cut off at its token limit. A reply asked more than once moves between its answers; an
 * earlier answer is for reading and copying only.
 */
export function ReplyFooter({ message, answers }: { message: ChatMessage; answers?: AnswerChoice }) {
  const { copied, copy } = useCopyToClipboard(messageCopyConfirmationMs);
  const isCurrent = !message.isEarlierVersion;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {answers && answers.count > 1 ? <VersionSwitcher choice={answers} /> : null}
      <ReplyStatus status={message.status} finishReason={message.finishReason} stoppedByUser={message.stoppedByUser} />
      <ReplyTokens message={message} />
      {message.model ? <span>{message.model}</span> : null}
      {message.route ? (
        <RouteSummary route={message.route} servedModel={message.model} cutOff={message.finishReason === 'length'} />
      ) : null}
      {/* The actions move to the next line together, never one by one; on a phone they may wrap among themselves. */}
      {/* biome-ignore lint/a11y/useSemanticElements: an inline group of buttons, not a form part; a <fieldset> would change its layout */}
      <span role="group" aria-label="Reply actions" className="flex flex-wrap items-center gap-1 sm:flex-nowrap">
        {isCurrent ? <RegenerateControl message={message} /> : null}
        {isCurrent ? <FeedbackButtons message={message} /> : null}
        <button
          type="button"
          className="rounded px-2 py-0.5 whitespace-nowrap hover:bg-slate-200 dark:hover:bg-slate-700"
          onClick={() => void copy(message.content)}
        >
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </span>
    </div>
  );
}

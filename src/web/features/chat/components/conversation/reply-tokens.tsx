import { estimatePromptTokens } from '@contracts';
import type { ChatMessage } from '../../state/chat-types';

/**
 * The tokens a reply used. A cache hit called no model and bills none, so it shows the reply's
 * own size instead (spec section 5's estimate, length / 4), marked as not billed.
 */
export function ReplyTokens({ message }: { message: ChatMessage }) {
  if (message.tokensUsed > 0) return <span className="whitespace-nowrap">{message.tokensUsed} tokens</span>;
  if (!message.route?.cached) return null;
  const size = estimatePromptTokens(message.content);
  return (
    <span
      className="whitespace-nowrap"
      title={`Served from the cache: no model was called, so no tokens were billed. The reply is about ${size} tokens long.`}
    >
      ~{size} tokens (cached, not billed)
    </span>
  );
}

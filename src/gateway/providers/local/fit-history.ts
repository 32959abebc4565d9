import type { ChatMessage } from '../chat-provider';

/** How much room a prompt has, and how to measure one. */
export interface FitHistoryOptions {
  /** Tokens the prompt and the reply may use together. */
  tokenBudget: number;
  /** The reply's requested maximum; shortened when only the newest message fits otherwise. */
  maxOutputTokens: number;
  /** Below this many reply tokens the prompt counts as too long. */
  minimumOutputTokens: number;
  /** Tokens of the whole prompt the model would read for these messages (chat template included). */
  countPromptTokens: (messages: readonly ChatMessage[]) => number;
}

/** The messages that fit, what they cost, and the reply length left for them. */
export interface FittedHistory {
  messages: ChatMessage[];
  promptTokens: number;
  maxOutputTokens: number;
}

/**
 * Keeps the leading system messages and as many of the newest turns as fit beside the reply,
 * starting at a user turn where possible. Returns undefined when even the system prompt and the
 * newest message leave less than `minimumOutputTokens` for the reply.
 */
export function fitHistory(messages: readonly ChatMessage[], options: FitHistoryOptions): FittedHistory | undefined {
  const systemCount = countLeadingSystemMessages(messages);
  const system = messages.slice(0, systemCount);
  const turns = messages.slice(systemCount);
  const withNewest = (count: number) => [...system, ...turns.slice(turns.length - count)];

  const smallest = Math.min(1, turns.length);
  const smallestTokens = options.countPromptTokens(withNewest(smallest));
  const roomForReply = options.tokenBudget - smallestTokens;
  if (roomForReply < options.minimumOutputTokens) return undefined;
  const maxOutputTokens = Math.min(options.maxOutputTokens, roomForReply);
  const promptBudget = options.tokenBudget - maxOutputTokens;

  // Tokens grow with every turn kept, so a binary search finds the most turns that fit.
  let kept = smallest;
  let keptTokens = smallestTokens;
  let tooMany = turns.length + 1;
  while (tooMany - kept > 1) {
    const candidate = Math.floor((kept + tooMany) / 2);
    const tokens = options.countPromptTokens(withNewest(candidate));
    if (tokens <= promptBudget) {
      kept = candidate;
      keptTokens = tokens;
    } else {
      tooMany = candidate;
    }
  }
  // A history cut before an assistant turn would open with a reply to nothing.
  if (kept > 1 && kept < turns.length && turns[turns.length - kept]?.role === 'assistant') {
    kept -= 1;
    keptTokens = options.countPromptTokens(withNewest(kept));
  }
  return { messages: withNewest(kept), promptTokens: keptTokens, maxOutputTokens };
}

function countLeadingSystemMessages(messages: readonly ChatMessage[]): number {
  const firstOther = messages.findIndex((message) => message.role !== 'system');
  return firstOther === -1 ? messages.length : firstOther;
}

import { estimateMessagesTokens, type ChatMessage } from '../../gateway';

/** Room kept for the reply: the model's maximum output, but never more than half the window. */
export function replyReserve(model: { contextWindow: number; maxOutputTokens: number }): number {
  return Math.min(model.maxOutputTokens, Math.floor(model.contextWindow / 2));
}

/**
 * The newest turns of a conversation that fit the model's context window beside the reply.
 * The last message (the prompt being answered) is always kept; older turns are dropped whole,
 * oldest first, and a leading assistant turn is dropped so the history starts with the user.
 */
export function fitHistoryToWindow(
  history: readonly ChatMessage[],
  model: { contextWindow: number; maxOutputTokens: number },
): ChatMessage[] {
  const budget = model.contextWindow - replyReserve(model);
  const kept: ChatMessage[] = [];
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const candidate = [history[index]!, ...kept];
    if (kept.length > 0 && estimateMessagesTokens(candidate) > budget) break;
    kept.unshift(history[index]!);
  }
  while (kept.length > 1 && kept[0]!.role === 'assistant') kept.shift();
  return kept;
}

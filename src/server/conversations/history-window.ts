import { chatFormatTokens, countTextTokens, type ChatMessage } from '../../gateway';

/** Room kept for the reply: the model's maximum output, but never more than half the window. */
export function replyReserve(model: { contextWindow: number; maxOutputTokens: number }): number {
  return Math.min(model.maxOutputTokens, Math.floor(model.contextWindow / 2));
}

/**
 * The newest turns of a conversation that fit the model's context window beside the reply.
 * The last message (the prompt being answered) is always kept; older turns are dropped whole,
 * oldest first, and a leading assistant turn is dropped so the history starts with the user.
 * Each turn is counted once, newest first, and counting gives the event loop back on long ones.
 */
export async function fitHistoryToWindow(
  history: readonly ChatMessage[],
  model: { contextWindow: number; maxOutputTokens: number },
): Promise<ChatMessage[]> {
  const budget = model.contextWindow - replyReserve(model);
  let start = history.length;
  let tokens = chatFormatTokens.toPrimeReply;
  while (start > 0) {
    const turnTokens = (await countTextTokens(history[start - 1]!.content)) + chatFormatTokens.perMessage;
    if (start < history.length && tokens + turnTokens > budget) break;
    tokens += turnTokens;
    start -= 1;
  }
  const kept = history.slice(start);
  while (kept.length > 1 && kept[0]!.role === 'assistant') kept.shift();
  return kept;
}

import { chatFormatTokens, countTextTokens, type ChatMessage } from '../../gateway';
import { replyReserve } from '../usage/reply-reserve';

/** Turns counted together, newest first: enough to fill most windows in one go, few wasted on an overflow. */
const turnsCountedTogether = 8;

/**
 * The newest turns of a conversation that fit the model's context window beside the reply.
 * The last message (the prompt being answered) is always kept; older turns are dropped whole,
 * oldest first, and a leading assistant turn is dropped so the history starts with the user.
 * Each turn is counted once, newest first, in the counting queue's slices (issue 20).
 */
export async function fitHistoryToWindow(
  history: readonly ChatMessage[],
  model: { contextWindow: number; maxOutputTokens: number },
): Promise<ChatMessage[]> {
  const budget = model.contextWindow - replyReserve(model);
  let start = history.length;
  let tokens = chatFormatTokens.toPrimeReply;
  let full = false;
  while (start > 0 && !full) {
    const batch = history.slice(Math.max(0, start - turnsCountedTogether), start);
    const counts = await Promise.all(batch.map((turn) => countTextTokens(turn.content)));
    for (let index = batch.length - 1; index >= 0 && !full; index -= 1) {
      const turnTokens = counts[index]! + chatFormatTokens.perMessage;
      full = start < history.length && tokens + turnTokens > budget;
      if (!full) {
        tokens += turnTokens;
        start -= 1;
      }
    }
  }
  const kept = history.slice(start);
  while (kept.length > 1 && kept[0]!.role === 'assistant') kept.shift();
  return kept;
}

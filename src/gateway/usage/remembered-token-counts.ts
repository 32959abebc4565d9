/**
 * Token counts of recent texts, so the same prompt and history, counted several times for one
 * request (fitting the history to each model's window, reserving room, recording the estimate),
 * are read through once. Least recently used first out, bounded by the characters held.
 */
const maxRememberedCharacters = 8_000_000;
/** Shorter texts are counted again: cheaper than remembering them. */
const minRememberedCharacters = 256;

const counts = new Map<string, number>();
let rememberedCharacters = 0;

export function rememberedTokenCount(text: string): number | undefined {
  if (text.length < minRememberedCharacters) return undefined;
  const count = counts.get(text);
  if (count !== undefined) {
    counts.delete(text);
    counts.set(text, count);
  }
  return count;
}

export function rememberTokenCount(text: string, count: number): void {
  if (text.length < minRememberedCharacters || text.length > maxRememberedCharacters || counts.has(text)) return;
  counts.set(text, count);
  rememberedCharacters += text.length;
  for (const oldest of counts.keys()) {
    if (rememberedCharacters <= maxRememberedCharacters) break;
    counts.delete(oldest);
    rememberedCharacters -= oldest.length;
  }
}

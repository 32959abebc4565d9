/**
 * What the router reads. A follow-up ("What about when twice the number is divided by 5?") only
 * makes sense with the turn before it, so a conversation is routed on its previous user turn and
 * its current one. The encoder reads a short window of that text (its cost grows with length and
 * pads every batch to its longest member); the cheap text features read all of it.
 */

/** Separates the previous user turn from the current one in a routing text. */
const turnSeparator = '\n\n';

/** The text to route for a conversation: the previous user turn (if any) and the current one. */
export function routingTextForConversation(userTurns: readonly string[]): string {
  if (userTurns.length === 0) throw new Error('A conversation to route needs at least one user turn');
  return userTurns.slice(-2).join(turnSeparator);
}

/**
 * The part of a text the sentence encoder reads: whitespace collapsed, and when longer than
 * `maxCharacters` its head (the task) and its tail (the final question, the answer options, a
 * follow-up), cut at word boundaries and joined by an ellipsis.
 */
export function encoderWindow(text: string, maxCharacters: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= maxCharacters) return collapsed;
  const headLength = Math.ceil(maxCharacters * 0.625);
  const tailLength = maxCharacters - headLength;
  let head = collapsed.slice(0, headLength);
  const lastSpace = head.lastIndexOf(' ');
  if (lastSpace > headLength / 2) head = head.slice(0, lastSpace);
  let tail = collapsed.slice(collapsed.length - tailLength);
  const firstSpace = tail.indexOf(' ');
  if (firstSpace >= 0 && firstSpace < tailLength / 2) tail = tail.slice(firstSpace + 1);
  return tailLength > 0 ? `${head} … ${tail}` : head;
}

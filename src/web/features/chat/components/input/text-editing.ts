const fence = '```';

/**
 * A code block at the caret on lines of its own (a fence glued to text is not a fence), holding
 * the selected text if any; the caret goes inside it.
 */
export function insertCodeBlock(text: string, start: number, end: number) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const selected = text.slice(start, end);
  const opening = `${lead}${fence}\n`;
  return insertAt(text, start, end, `${opening}${selected}\n${fence}${trail}`, opening.length + selected.length);
}

/** True when the caret sits inside a ``` fence that has been opened but not closed. */
export function isInsideCodeFence(text: string, caret: number): boolean {
  const fences = text.slice(0, caret).match(/```/g)?.length ?? 0;
  return fences % 2 === 1;
}

/** Inserts text at the caret; returns the new value and where the caret goes. */
export function insertAt(text: string, start: number, end: number, inserted: string, caretOffset = inserted.length) {
  return { value: text.slice(0, start) + inserted + text.slice(end), caret: start + caretOffset };
}

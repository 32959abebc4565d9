export const codeBlockTemplate = '```\n\n```';

/** True when the caret sits inside a ``` fence that has been opened but not closed. */
export function isInsideCodeFence(text: string, caret: number): boolean {
  const fences = text.slice(0, caret).match(/```/g)?.length ?? 0;
  return fences % 2 === 1;
}

/** Inserts text at the caret; returns the new value and where the caret goes. */
export function insertAt(text: string, start: number, end: number, inserted: string, caretOffset = inserted.length) {
  return { value: text.slice(0, start) + inserted + text.slice(end), caret: start + caretOffset };
}

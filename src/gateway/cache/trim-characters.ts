/**
 * What `/^[...]+/` and `/[...]+$/` remove, in one pass from the end concerned. The end-anchored
 * pattern is tried from every position of the text, each try running over the whole run of such
 * characters, so on a long run it took time quadratic in its length (issue 20).
 */
export function trimEndWhile(text: string, isTrimmed: (character: string) => boolean): string {
  let end = text.length;
  while (end > 0 && isTrimmed(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

export function trimStartWhile(text: string, isTrimmed: (character: string) => boolean): string {
  let start = 0;
  while (start < text.length && isTrimmed(text[start]!)) start += 1;
  return text.slice(start);
}

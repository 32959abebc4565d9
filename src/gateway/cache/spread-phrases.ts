/**
 * Two cues of the cacheability guard whose words may lie far apart, read in linear time. As single
 * patterns (`\bis .* (open|down|up) (now|right now)\b`, `\bhow (many|much) [a-z ]*\b(have i|...)\b`)
 * each start ran to the end of the text and back, so a text repeating the first words took time
 * quadratic in its length (issue 20). These find the same matches, of the lower-cased, whitespace-
 * collapsed text the guard reads, by reading forwards only.
 */

const statusNow = / (?:open|down|up) (?:now|right now)\b/g;

/** "is the shop on the corner open now": `is`, later `open|down|up` and `now|right now`. */
export function findStatusNow(text: string): string | undefined {
  const opening = /\bis /.exec(text);
  if (!opening) return undefined;
  // The pattern's `.*` is greedy: its match runs to the last status after the opening.
  let last: RegExpExecArray | undefined;
  statusNow.lastIndex = opening.index + 3;
  for (let found = statusNow.exec(text); found; found = statusNow.exec(text)) last = found;
  return last ? text.slice(opening.index, last.index + last[0].length) : undefined;
}

const countOpening = /\bhow (?:many|much) /g;
const lettersAndSpaces = /[a-z ]*/y;
const countOfMineHere = /\b(?:have i|did i|do i have(?! to)|i have(?! to))\b/y;

/** "how many tokens have i used": `how many|much`, letters and spaces, then `have i|did i|do i have|i have`. */
export function findCountOfMine(text: string): string | undefined {
  countOpening.lastIndex = 0;
  for (let opening = countOpening.exec(text); opening; opening = countOpening.exec(text)) {
    const from = countOpening.lastIndex;
    lettersAndSpaces.lastIndex = from;
    lettersAndSpaces.exec(text);
    const runEnd = lettersAndSpaces.lastIndex;
    // The ending starts within the run of letters and spaces; the pattern's greedy `[a-z ]*` took the last such start.
    for (let start = runEnd; start >= from; start -= 1) {
      countOfMineHere.lastIndex = start;
      const ending = countOfMineHere.exec(text);
      if (ending) return text.slice(opening.index, start + ending[0].length);
    }
    // A later opening inside this run reaches the same run end, so it cannot match either.
    countOpening.lastIndex = Math.max(from, runEnd);
  }
  return undefined;
}

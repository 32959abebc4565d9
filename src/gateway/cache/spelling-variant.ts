import { lightStem } from './light-stem';
import { isKnownWord } from './word-frequency';

/** Words shorter than this are never taken for a misspelling: "cat" / "car" are two words. */
const minimumLength = 5;

/**
 * Whether two different words are one word spelled two ways: one of them is not an English word
 * (word-frequency.ts) and they are one edit apart (a letter added, dropped, changed, or two
 * neighbours swapped): "recieve" / "receive", "accomodation" / "accommodation". Two real words
 * one letter apart ("write" / "white", "form" / "from") are different words.
 */
export function isSpellingVariant(first: string, second: string): boolean {
  // One word's inflections are matched by their stem, occurrence for occurrence, not here.
  if (lightStem(first) === lightStem(second) || Math.min(first.length, second.length) < minimumLength) return false;
  if (isKnownWord(first) && isKnownWord(second)) return false;
  return withinOneEdit(first, second);
}

/** Optimal string alignment distance <= 1, without building the matrix. */
function withinOneEdit(first: string, second: string): boolean {
  if (Math.abs(first.length - second.length) > 1) return false;
  let start = 0;
  while (start < first.length && start < second.length && first[start] === second[start]) start += 1;
  let endFirst = first.length;
  let endSecond = second.length;
  while (endFirst > start && endSecond > start && first[endFirst - 1] === second[endSecond - 1]) {
    endFirst -= 1;
    endSecond -= 1;
  }
  const restFirst = first.slice(start, endFirst);
  const restSecond = second.slice(start, endSecond);
  if (restFirst.length <= 1 && restSecond.length <= 1) return true;
  // Two neighbouring letters swapped: "recieve" / "receive".
  return (
    restFirst.length === 2 &&
    restSecond.length === 2 &&
    restFirst[0] === restSecond[1] &&
    restFirst[1] === restSecond[0]
  );
}

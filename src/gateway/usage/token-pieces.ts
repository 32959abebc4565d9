/**
 * Where a text is cut so that its token count is the sum of its pieces' counts, and so that no
 * piece is long. The BPE's work on one pre-token grows with the square of its length: 40,000
 * letters without a space took 0.7 s to count, 200,000 took half a minute on the main thread
 * (issue 20). Cut here, counting is linear in the length of the text.
 *
 * A natural cut is where the o200k pre-tokenizer starts a new pre-token anyway, so it changes no
 * count: before a single space between two non-spaces (the space begins the next word's
 * pre-token), and after a line break followed by an ASCII letter or digit. A run with no natural
 * cut for `maxRunCharacters` is cut by force, which could lose a merge across the cut: each forced
 * cut adds a token to the count, so the estimate stays at or above what the whole would count.
 */

/** Pieces are cut at the first natural cut past this length. */
export const pieceCharacters = 2_000;
/** The longest stretch between cuts; past it, a forced cut. */
export const maxRunCharacters = 128;

export interface TextPiece {
  start: number;
  end: number;
  /** The piece ends at a forced cut. */
  forced: boolean;
}

export function* piecesOf(text: string): Generator<TextPiece> {
  let start = 0;
  let lastCut = 0;
  for (let index = 1; index < text.length; index += 1) {
    if (isNaturalCut(text, index)) {
      lastCut = index;
      if (index - start >= pieceCharacters) {
        yield { start, end: index, forced: false };
        start = index;
      }
    } else if (index - lastCut >= maxRunCharacters) {
      // Never between the halves of a surrogate pair.
      const cut = isLowSurrogate(text.charCodeAt(index)) ? index - 1 : index;
      yield { start, end: cut, forced: true };
      start = cut;
      lastCut = cut;
    }
  }
  if (start < text.length) yield { start, end: text.length, forced: false };
}

const space = 0x20;
const lineFeed = 0x0a;
const whitespace = /\s/;

function isNaturalCut(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code === space)
    return index + 1 < text.length && !whitespace.test(text[index - 1]!) && !whitespace.test(text[index + 1]!);
  return text.charCodeAt(index - 1) === lineFeed && isAsciiLetterOrDigit(code);
}

const isAsciiLetterOrDigit = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

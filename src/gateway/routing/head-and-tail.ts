/**
 * The first `headCharacters` and the last `tailCharacters` of a text joined by an ellipsis, or the
 * text itself when it is no longer than both together. A cut never splits a surrogate pair, so
 * the part read is always well-formed text.
 */
export function headAndTail(text: string, headCharacters: number, tailCharacters: number): string {
  if (text.length <= headCharacters + tailCharacters) return text;
  let headEnd = headCharacters;
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd -= 1;
  let tailStart = text.length - tailCharacters;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return `${text.slice(0, headEnd)} … ${text.slice(tailStart)}`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

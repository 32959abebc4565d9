import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxRunCharacters, pieceCharacters, piecesOf } from './token-pieces';

const piecesOfText = (text: string) => [...piecesOf(text)];

describe('piecesOf', () => {
  it('keeps a short text whole', () => {
    expect(piecesOfText('Hello world, how are you?')).toEqual([{ start: 0, end: 25, forced: false }]);
    expect(piecesOfText('')).toEqual([]);
  });

  it('cuts long prose before a space, at the first chance past the piece length', () => {
    const text = 'word '.repeat(1_000);
    const pieces = piecesOfText(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.forced).toBe(false);
      expect(text[piece.end]).toBe(' ');
      expect(piece.end - piece.start).toBeLessThan(pieceCharacters + 10);
    }
  });

  it('cuts a run without spaces by force every maxRunCharacters, never inside a surrogate pair', () => {
    const letters = 'a'.repeat(1_000);
    expect(piecesOfText(letters).filter((piece) => piece.forced)).toHaveLength(Math.floor(999 / maxRunCharacters));
    const emoji = `x${'😀'.repeat(500)}`;
    // A lone surrogate is a code point of its own to a `u` pattern; a whole pair is not.
    for (const piece of piecesOfText(emoji)) expect(emoji.slice(piece.start, piece.end)).not.toMatch(/\p{Cs}/u);
  });

  it('covers every text end to end, with no stretch between cuts longer than maxRunCharacters', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('a', 'B', '1', ' ', '  ', '\n', '.', '中', '😀', 'word '.repeat(30), 'x'.repeat(300)),
          {
            maxLength: 40,
          },
        ),
        (parts) => {
          const text = parts.join('');
          const pieces = piecesOfText(text);
          expect(pieces.map((piece) => text.slice(piece.start, piece.end)).join('')).toBe(text);
          pieces.forEach((piece, index) => {
            if (index > 0) expect(piece.start).toBe(pieces[index - 1]!.end);
            if (piece.forced) expect(piece.end - piece.start).toBeLessThanOrEqual(pieceCharacters + maxRunCharacters);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

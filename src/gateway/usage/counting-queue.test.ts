import { describe, expect, it } from 'vitest';
import { countInTurns } from './counting-queue';
import type { TextPiece } from './token-pieces';

/** Busy for at least `milliseconds`, like the BPE on an unusual piece. */
function busyFor(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until);
}

describe('countInTurns', () => {
  it('counts every piece of every text, each text on its own', async () => {
    const countPiece = (text: string, piece: TextPiece) => text.slice(piece.start, piece.end).split('a').length - 1;
    const texts = ['a'.repeat(10_000), 'b a '.repeat(3_000), ''];
    const counts = await Promise.all(texts.map((text) => countInTurns(text, countPiece)));
    expect(counts).toEqual([10_000, 3_000, 0]);
  });

  it('runs one short slice a turn of the event loop however many texts wait', async () => {
    // Ten long texts at once, each piece a millisecond of work: counted one after the other in
    // slices of a few milliseconds, not a slice per text per turn (issue 20: ten 16 KB prompts).
    let piecesCounted = 0;
    const countPiece = () => {
      busyFor(1);
      piecesCounted += 1;
      return 1;
    };
    const texts = Array.from({ length: 10 }, (_, index) => `${'word '.repeat(4_000)}${index}`);
    let finished = false;
    const counting = Promise.all(texts.map((text) => countInTurns(text, countPiece))).finally(() => (finished = true));
    const piecesPerTurn: number[] = [];
    let countedBefore = 0;
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      piecesPerTurn.push(piecesCounted - countedBefore);
      countedBefore = piecesCounted;
    }
    const counts = await counting;
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(piecesCounted);
    expect(piecesPerTurn.length).toBeGreaterThan(5);
    // A slice is 4 ms of 1 ms pieces: four or five, whatever the machine's load; a slice per text would be tens.
    expect(Math.max(...piecesPerTurn)).toBeLessThanOrEqual(6);
  }, 60_000);

  it('answers a failure of one text with its error and goes on with the others', async () => {
    const countPiece = (text: string) => {
      if (text.startsWith('bad')) throw new Error('cannot count');
      return 1;
    };
    const [good, bad] = await Promise.allSettled([
      countInTurns('fine text', countPiece),
      countInTurns('bad', countPiece),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad.status).toBe('rejected');
  });
});

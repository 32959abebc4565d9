import { describe, expect, it } from 'vitest';
import { scoreMargin } from './score-margin';

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

describe("the router's margin of error", () => {
  it('is the median move of a score in logits, once the shift all scores share is removed', () => {
    const logits = [-2, -1, 0, 1, 2];
    const moves = [0.5, -0.5, 0.1, 0.3, -0.3];
    const shift = 1; // every score of the other model is also 1 logit higher
    const scores = logits.map(sigmoid);
    const other = logits.map((value, index) => sigmoid(value + moves[index]! + shift));
    // Differences -1.5, -0.5, -1.1, -1.3, -0.7 minus their median (-1.1): 0.4, 0.6, 0, 0.2, 0.4 -> median 0.4.
    expect(scoreMargin(scores, other)).toBeCloseTo(0.4, 9);
  });

  it('is 0 for identical scores and refuses lists of different lengths', () => {
    expect(scoreMargin([0.2, 0.7], [0.2, 0.7])).toBe(0);
    expect(() => scoreMargin([0.2], [0.2, 0.3])).toThrow(/equally long/);
  });
});

import { describe, expect, it } from 'vitest';
import { describePair, pairFeatureNames } from './pair-features';

const value = (features: ReturnType<typeof describePair>, name: (typeof pairFeatureNames)[number]) =>
  features.values[pairFeatureNames.indexOf(name)];

describe('pair features', () => {
  it.each([
    ['What is the weather in Paris today?', 'What is the weather in Paris?', 'not-cacheable'],
    ['How do I repot a fern?', 'how do I repot a fern', 'exact'],
    ['What is the best way to repot a fern?', 'How do I repot a fern?', 'learned'],
  ])('settles guards and exact repeats by rule: %s / %s', (query, cached, gate) => {
    expect(describePair(query, cached, 0.9).gate).toBe(gate);
  });

  it('reads the similarity, the verifier and the words that differ', () => {
    const reworded = describePair('How can I repot my fern?', 'How do I repot a fern?', 0.9);
    expect(reworded.values).toHaveLength(pairFeatureNames.length);
    expect(value(reworded, 'similarity')).toBeCloseTo(1, 6);
    expect(value(reworded, 'verifier-match')).toBe(1);
    const swapped = describePair('How do I repot a cactus?', 'How do I repot a fern?', 0.85);
    expect(value(swapped, 'verifier-match')).toBe(0);
    expect(value(swapped, 'one-word-swapped')).toBe(1);
    const numbers = describePair('What is 12 times 7?', 'What is 12 times 8?', 0.95);
    expect(value(numbers, 'different-numbers')).toBe(1);
    expect(value(numbers, 'verifier-match')).toBe(0);
  });
});

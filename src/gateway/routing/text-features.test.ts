import { describe, expect, it } from 'vitest';
import { extractTextFeatures, textFeatureDirections, textFeatureNames } from './text-features';

const feature = (text: string, name: (typeof textFeatureNames)[number]): number =>
  extractTextFeatures(text)[textFeatureNames.indexOf(name)]!;

describe('the text features', () => {
  it('gives one finite number per named feature', () => {
    for (const text of ['', 'Hello', 'x'.repeat(10_000), '😀 ∑ ```code```']) {
      const values = extractTextFeatures(text);
      expect(values).toHaveLength(textFeatureNames.length);
      expect(values.every(Number.isFinite)).toBe(true);
    }
  });

  it.each([
    { name: 'codeFence', text: 'Fix this:\n```\ndef f(x):\n    return x\n```', expected: 1 },
    { name: 'codeFence', text: 'Write a poem about autumn.', expected: 0 },
    { name: 'equation', text: 'Solve for y where g(y) = 3.', expected: 1 },
    { name: 'equation', text: 'What is 12 * 7?', expected: 1 },
    { name: 'equation', text: 'Tell me about the Roman empire.', expected: 0 },
    { name: 'latex', text: 'Simplify $\\frac{1}{2} + x$', expected: 1 },
    { name: 'chitChat', text: 'hi', expected: 1 },
    { name: 'chitChat', text: 'Prove that hi-hat cymbals resonate.', expected: 0 },
    { name: 'lookupQuestion', text: 'What is the capital of France?', expected: 1 },
    {
      name: 'lookupQuestion',
      text: `What is the capital of France? ${'Explain the history of how it became the capital, step by step. '.repeat(3)}`,
      expected: 0,
    },
    { name: 'rolePlay', text: 'Pretend you are Elon Musk. Why go to Mars?', expected: 1 },
    { name: 'structuredOutput', text: 'Return the results as a JSON object.', expected: 1 },
    { name: 'refersToEarlierTurn', text: 'Rewrite your previous answer as a limerick.', expected: 1 },
    { name: 'refersToEarlierTurn', text: 'How do volcanoes form?', expected: 0 },
  ] as const)('$name of "$text" is $expected', ({ name, text, expected }) => {
    expect(feature(text, name)).toBe(expected);
  });

  it('counts cue words on a log scale', () => {
    expect(feature('Implement a function in Python.', 'programmingWords')).toBeCloseTo(Math.log1p(3), 12);
    expect(feature('How many apples? Calculate the total.', 'mathWords')).toBeCloseTo(Math.log1p(3), 12);
    expect(feature('Why? Explain step by step.', 'reasoningWords')).toBeCloseTo(Math.log1p(3), 12);
    expect(feature('Write a poem', 'mathWords')).toBe(0);
  });

  it('counts clauses, quantities written out and the relations between quantities', () => {
    const problem = 'Janet has three times as many eggs as Tom, who has twelve. She sells half, at $2 per egg.';
    expect(feature(problem, 'commas')).toBeCloseTo(Math.log1p(2), 12);
    expect(feature(problem, 'numberWords')).toBeCloseTo(Math.log1p(3), 12);
    expect(feature(problem, 'quantityRelations')).toBeCloseTo(Math.log1p(2), 12);
    expect(feature('Someone left the door open.', 'numberWords')).toBe(0);
    expect(feature('Write a poem about the sea', 'quantityRelations')).toBe(0);
  });

  it('counts distinct numbers once and measures the share of long words', () => {
    expect(feature('5 apples and 5 pears cost 12', 'distinctNumbers')).toBeCloseTo(Math.log1p(2), 12);
    expect(feature('a considerable difference', 'longWordShare')).toBeCloseTo(2 / 3, 12);
    expect(feature('', 'longWordShare')).toBe(0);
  });

  it('gives every feature a prior direction and leaves out benchmark-format cues', () => {
    expect(textFeatureDirections).toHaveLength(textFeatureNames.length);
    expect(textFeatureDirections.every((direction) => direction === 1 || direction === -1)).toBe(true);
    const direction = (name: (typeof textFeatureNames)[number]) =>
      textFeatureDirections[textFeatureNames.indexOf(name)];
    expect([
      direction('characters'),
      direction('programmingWords'),
      direction('mathWords'),
      direction('reasoningWords'),
    ]).toEqual([1, 1, 1, 1]);
    expect([direction('commas'), direction('numberWords'), direction('quantityRelations')]).toEqual([1, 1, 1]);
    expect([direction('chitChat'), direction('creativeWords'), direction('lookupQuestion')]).toEqual([-1, -1, -1]);
    expect(textFeatureNames).not.toContain('multipleChoice');
    expect(textFeatureNames).not.toContain('answerCue');
  });
});

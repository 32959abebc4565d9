import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  BaselineError,
  bracketedRatios,
  compareRatios,
  describeVerdict,
  median,
  parseBaseline,
  trimmedMean,
} from './cpu-ratio';

const reference = 'AI SDK pass-through';
const chat = 'Tokenwise, cache off';
const program = 'Tokenwise /v1, cache off';

const baseline: Baseline = {
  measuredAt: '2026-12-01T22:00:00.000Z',
  commit: 'abc1234',
  machine: '2 x Test CPU',
  loadAverage: '0.5 / 0.5 / 0.5 before',
  method: 'test',
  ratios: { [chat]: 10, [program]: 8 },
  cpuMsPerRequest: { [reference]: 2, [chat]: 20, [program]: 16 },
};

describe('median', () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[10, 10, 1, 10, 1000], 10],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('is NaN for no values, and leaves its input as it was', () => {
    expect(median([])).toBeNaN();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('trimmedMean', () => {
  it('drops the lowest and highest fifth before averaging', () => {
    // Of 10, the two lowest and two highest go: the mean of 3..8.
    expect(trimmedMean([10, 1, 2, 3, 4, 5, 6, 7, 8, 100])).toBe(5.5);
    expect(trimmedMean([10, 1, 2, 3, 4, 5, 6, 7, 8, 100], 0.1)).toBe(5.625);
  });

  it('keeps every value when too few to drop any, and is NaN for none', () => {
    expect(trimmedMean([2, 4, 9])).toBe(5);
    expect(trimmedMean([])).toBeNaN();
  });

  it('is not moved by one wild batch', () => {
    const steady = [15, 16, 16, 17, 15, 16, 17, 16, 15, 17];
    expect(trimmedMean([...steady.slice(1), 80])).toBeCloseTo(trimmedMean(steady), 0);
  });
});

describe('bracketedRatios', () => {
  it('divides each batch of ours by the mean of the pass-through batches on either side', () => {
    const ratios = bracketedRatios([
      { target: reference, cpuMsPerRequest: 2 },
      { target: chat, cpuMsPerRequest: 30 },
      { target: reference, cpuMsPerRequest: 4 },
      { target: program, cpuMsPerRequest: 20 },
      { target: reference, cpuMsPerRequest: 1 },
      { target: chat, cpuMsPerRequest: 10 },
    ]);
    // 30 / mean(2, 4); 20 / mean(4, 1); the last has a pass-through batch before it only: 10 / 1.
    expect(ratios[chat]).toEqual([10, 10]);
    expect(ratios[program]).toEqual([8]);
  });

  it('takes the nearest pass-through batch on each side, not only the adjacent ones', () => {
    const ratios = bracketedRatios([
      { target: chat, cpuMsPerRequest: 30 },
      { target: program, cpuMsPerRequest: 20 },
      { target: reference, cpuMsPerRequest: 2 },
    ]);
    expect(ratios).toEqual({ [chat]: [15], [program]: [10] });
  });

  it('refuses a sequence without a pass-through batch', () => {
    expect(() =>
      bracketedRatios([
        { target: chat, cpuMsPerRequest: 30 },
        { target: program, cpuMsPerRequest: 20 },
      ]),
    ).toThrow(/batch 1 \(Tokenwise, cache off\) has no AI SDK pass-through batch/);
  });

  it('refuses a batch that measured no CPU, ours or the pass-through’s', () => {
    expect(() =>
      bracketedRatios([
        { target: reference, cpuMsPerRequest: 2 },
        { target: chat, cpuMsPerRequest: 0 },
        { target: reference, cpuMsPerRequest: 2 },
        { target: program, cpuMsPerRequest: 20 },
      ]),
    ).toThrow(/batch 2 .* no positive CPU/);
    expect(() =>
      bracketedRatios([
        { target: reference, cpuMsPerRequest: Number.NaN },
        { target: chat, cpuMsPerRequest: 30 },
        { target: program, cpuMsPerRequest: 20 },
      ]),
    ).toThrow(/no AI SDK pass-through batch with positive CPU/);
  });

  it('refuses a sequence that left out one of the checked paths', () => {
    expect(() =>
      bracketedRatios([
        { target: reference, cpuMsPerRequest: 2 },
        { target: chat, cpuMsPerRequest: 30 },
        { target: reference, cpuMsPerRequest: 2 },
      ]),
    ).toThrow('no batch of Tokenwise /v1, cache off was measured');
  });
});

describe('compareRatios', () => {
  it('passes up to 25% over the baseline and fails beyond it', () => {
    const [atLimit, over] = compareRatios({ [chat]: 12.5, [program]: 10.01 }, baseline);
    expect(atLimit).toMatchObject({ target: chat, measured: 12.5, baseline: 10, limit: 12.5, passed: true });
    expect(atLimit!.growth).toBeCloseTo(0.25);
    expect(over).toMatchObject({ target: program, baseline: 8, limit: 10, passed: false });
  });

  it('passes a ratio that fell, however far', () => {
    const verdicts = compareRatios({ [chat]: 2, [program]: 8 }, baseline);
    expect(verdicts.map((verdict) => verdict.passed)).toEqual([true, true]);
    expect(verdicts[0]!.growth).toBeCloseTo(-0.8);
  });

  it('names both numbers and the limit in its line, and says FAILED for a regression', () => {
    const [passed, failed] = compareRatios({ [chat]: 11, [program]: 12 }, baseline).map(describeVerdict);
    expect(passed).toMatch(/^ok {6}Tokenwise, cache off: 11\.00x .* baseline 10\.00x \(\+10\.0%; the limit is 12\.50x/);
    expect(failed).toMatch(
      /^FAILED {2}Tokenwise \/v1, cache off: 12\.00x .* baseline 8\.00x \(\+50\.0%; the limit is 10\.00x/,
    );
  });
});

describe('parseBaseline', () => {
  const text = (value: unknown) => JSON.stringify(value);

  it('reads a well-formed file, with or without the ratios of each run it is the median of', () => {
    expect(parseBaseline(text(baseline), 'baseline.json')).toEqual(baseline);
    const ofRuns = { ...baseline, ratiosPerRun: [baseline.ratios, { [chat]: 11, [program]: 7 }] };
    expect(parseBaseline(text(ofRuns), 'baseline.json')).toEqual(ofRuns);
  });

  it.each([
    ['not JSON', '{"ratios": ', /^baseline\.json is not JSON/],
    ['an array', '[]', 'baseline.json must hold one JSON object'],
    ['no commit', text({ ...baseline, commit: undefined }), 'baseline.json: "commit" must be a non-empty string'],
    ['no ratios', text({ ...baseline, ratios: undefined }), /"ratios" must be an object/],
    [
      'a ratio missing',
      text({ ...baseline, ratios: { [chat]: 10 } }),
      'baseline.json: ratios["Tokenwise /v1, cache off"] must be a positive number, found undefined',
    ],
    [
      'a ratio as text',
      text({ ...baseline, ratios: { [chat]: '10', [program]: 8 } }),
      'ratios["Tokenwise, cache off"] must be a positive number, found "10"',
    ],
    ['a ratio of zero', text({ ...baseline, ratios: { [chat]: 0, [program]: 8 } }), /found 0$/],
    [
      'a target the check does not measure',
      text({ ...baseline, ratios: { ...baseline.ratios, Portkey: 3 } }),
      /ratios has targets the check does not measure: Portkey/,
    ],
    [
      'runs that are not a list',
      text({ ...baseline, ratiosPerRun: 3 }),
      /"ratiosPerRun", when present, must be a list/,
    ],
    [
      'CPU figures that are not numbers',
      text({ ...baseline, cpuMsPerRequest: { [chat]: 'fast' } }),
      /"cpuMsPerRequest" must be an object/,
    ],
  ])('refuses %s, naming the file and the field', (_, content, message) => {
    expect(() => parseBaseline(content, 'baseline.json')).toThrow(BaselineError);
    expect(() => parseBaseline(content, 'baseline.json')).toThrow(message);
  });

  it('reads the committed baseline', () => {
    const file = new URL('./cpu-ratio-baseline.json', import.meta.url);
    expect(() => parseBaseline(readFileSync(file, 'utf8'), 'cpu-ratio-baseline.json')).not.toThrow();
  });
});

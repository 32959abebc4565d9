import { describe, expect, it } from 'vitest';
import { promptKinds } from '../../../gateway';
import { adjustedThreshold } from './calibration-rule';
import {
  adapt,
  benchmarkThreshold,
  evenly,
  recordStream,
  score,
  uncalibratedAtCost,
  usualRatingChance,
  type OrganisationProfile,
} from './replay-stream';

/**
 * A replay of a recorded stream (replay-stream.ts): the calibration adapts on the first half
 * (ratings arrive as replies are served) and is frozen; the second half, never seen while
 * adapting, is scored with and without it. "Per kind" is docs/decisions/033 (one offset per kind
 * of prompt); "one offset" is the organisation-wide offset of docs/decisions/028 it replaced.
 */
function replay(profile: OrganisationProfile, ratingChance = usualRatingChance) {
  const threshold = benchmarkThreshold(1);
  const stream = recordStream(6_000, profile, 2);
  const [seen, unseen] = [stream.slice(0, 3_000), stream.slice(3_000)];
  const perKind = adapt(seen, threshold, (kind) => kind, 3, ratingChance);
  const single = adapt(seen, threshold, () => 'all', 3, ratingChance).get('all') ?? 0;
  const offsets = Object.fromEntries(promptKinds.map((kind) => [kind, perKind.get(kind) ?? 0]));
  const without = score(unseen, () => threshold);
  const calibrated = score(unseen, (kind) => adjustedThreshold(threshold, offsets[kind]!));
  const oneOffset = score(unseen, () => adjustedThreshold(threshold, single));
  return {
    threshold,
    offsets,
    singleOffset: single,
    without,
    calibrated,
    // The same cost: the uncalibrated router's one threshold that sends as many prompts to the strong model.
    withoutAtSameCost: uncalibratedAtCost(unseen, calibrated.strongShare),
    oneOffset,
    withoutAtOneOffsetCost: uncalibratedAtCost(unseen, oneOffset.strongShare),
  };
}

/** Matched cost: the strong-model shares may differ by a prompt or two of 3,000 (ties of scores). */
const sameCost = (first: { strongShare: number }, second: { strongShare: number }) =>
  expect(Math.abs(first.strongShare - second.strongShare)).toBeLessThan(0.001);

describe('replay of a recorded stream with simulated ratings', () => {
  it('an organisation harsh on cheap replies to code and content with them for writing: per kind, unseen traffic gets better quality at the same cost', () => {
    const result = replay({
      code: { share: 0.25, shift: 0.3 },
      writing: { share: 0.25, shift: -0.3 },
      question: { share: 0.2, shift: 0 },
      maths: { share: 0.1, shift: 0 },
      conversation: { share: 0.2, shift: 0 },
    });
    console.info('harsh on code, content with writing', JSON.stringify(result));
    expect(result.offsets.code).toBeLessThan(-0.05);
    expect(result.offsets.writing).toBeGreaterThan(0.05);
    sameCost(result.calibrated, result.withoutAtSameCost);
    expect(result.calibrated.quality).toBeGreaterThan(result.withoutAtSameCost.quality + 0.01);
    // Honest: one offset for the organisation moves along the router's own quality-cost curve, no better than its threshold at that cost.
    sameCost(result.oneOffset, result.withoutAtOneOffsetCost);
    expect(Math.abs(result.oneOffset.quality - result.withoutAtOneOffsetCost.quality)).toBeLessThan(0.005);
  });

  it('an organisation harsh on one kind only: that kind moves, the others barely, and quality rises, more than the same cost buys uncalibrated', () => {
    const result = replay({
      code: { share: 0.4, shift: 0.3 },
      question: { share: 0.3, shift: 0 },
      conversation: { share: 0.3, shift: 0 },
    });
    console.info('harsh on code only', JSON.stringify(result));
    expect(result.offsets.code).toBeLessThan(-0.1);
    expect(Math.abs(result.offsets.question!)).toBeLessThanOrEqual(0.06);
    expect(Math.abs(result.offsets.conversation!)).toBeLessThanOrEqual(0.06);
    expect(result.without.quality).toBeLessThan(0.95);
    expect(result.calibrated.quality).toBeGreaterThan(result.without.quality + 0.01);
    sameCost(result.calibrated, result.withoutAtSameCost);
    expect(result.calibrated.quality).toBeGreaterThan(result.withoutAtSameCost.quality + 0.005);
  });

  it('an organisation content with cheap replies: calibrated, it spends less on unseen traffic and stays at its target', () => {
    const result = replay({
      writing: { share: 0.3, shift: -0.3 },
      conversation: { share: 0.3, shift: -0.3 },
      question: { share: 0.4, shift: 0 },
    });
    console.info('content organisation', JSON.stringify(result));
    expect(result.offsets.writing).toBeGreaterThan(0);
    expect(result.offsets.conversation).toBeGreaterThan(0);
    expect(result.without.quality).toBeGreaterThan(0.95);
    expect(result.calibrated.strongShare).toBeLessThan(result.without.strongShare);
    expect(result.calibrated.quality).toBeGreaterThanOrEqual(0.95);
  });

  it('an organisation like the benchmarks: every offset stays near zero, and nothing is gained or lost at the same cost', () => {
    const result = replay(evenly(0));
    console.info('benchmark-like organisation', JSON.stringify(result));
    for (const kind of promptKinds) expect(Math.abs(result.offsets[kind]!), kind).toBeLessThanOrEqual(0.06);
    expect(Math.abs(result.calibrated.quality - result.without.quality)).toBeLessThan(0.02);
    sameCost(result.calibrated, result.withoutAtSameCost);
    expect(Math.abs(result.calibrated.quality - result.withoutAtSameCost.quality)).toBeLessThan(0.005);
  });

  it('an organisation harsh on every kind alike: every offset moves, quality rises, but nothing is gained at the same cost (no kind to prefer)', () => {
    const result = replay(evenly(0.3));
    console.info('harsh on every kind', JSON.stringify(result));
    for (const kind of promptKinds) expect(result.offsets[kind], kind).toBeLessThan(-0.05);
    expect(result.calibrated.quality).toBeGreaterThan(result.without.quality + 0.01);
    sameCost(result.calibrated, result.withoutAtSameCost);
    expect(Math.abs(result.calibrated.quality - result.withoutAtSameCost.quality)).toBeLessThan(0.005);
  });

  it('a limit: where people rate good and bad replies alike, a benchmark-like organisation drifts cheaper, below its target', () => {
    const result = replay(evenly(0), { bad: 0.2, good: 0.2 });
    console.info('benchmark-like organisation, unbiased ratings', JSON.stringify(result));
    for (const kind of promptKinds) expect(result.offsets[kind], kind).toBeGreaterThan(0.03);
    expect(result.calibrated.quality).toBeLessThan(result.without.quality);
  });
});

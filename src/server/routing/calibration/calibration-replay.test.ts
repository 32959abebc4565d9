import { describe, expect, it } from 'vitest';
import { adjustedThreshold, directionOf, nextOffset, type CalibrationSignal, type RatedRoute } from './calibration-rule';

/**
 * A replay of a recorded stream: each prompt has the router's score and whether this
 * organisation's users find a cheap reply to it good enough. The calibration adapts on the first
 * half (ratings arrive as replies are served) and is frozen; the second half, never seen while
 * adapting, is scored with and without it. Two tiers, strong replies always good enough.
 */
interface RecordedPrompt {
  score: number;
  /** This organisation's users find a cheap reply to it bad. */
  cheapIsBad: boolean;
}

/** Deterministic, so the figures are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `shift`: how much more (positive) or less (negative) this organisation needs the strong model
 * than the benchmarks the router was calibrated on, for a share `kindShare` of its prompts (say
 * contract questions its users judge harshly). On the benchmarks, a prompt scored s needs it with probability s.
 */
function recordStream(count: number, kindShare: number, shift: number, seed: number): RecordedPrompt[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const score = random() ** 1.6; // most traffic is easy
    const ofTheKind = random() < kindShare;
    const need = Math.min(1, Math.max(0, score + (ofTheKind ? shift : 0)));
    return { score, cheapIsBad: random() < need };
  });
}

const cheapRoute: RatedRoute = {
  mode: 'auto',
  reason: 'router_score',
  servedModelId: 'cheap',
  candidates: [
    { model_id: 'cheap', tier: 1, eligible: true },
    { model_id: 'strong', tier: 3, eligible: true },
  ],
};

/** People rate a bad reply more often than a good one (the rule's steps assume about 3 to 1). */
const usualRatingChance = { bad: 0.3, good: 0.1 };

function adapt(prompts: readonly RecordedPrompt[], threshold: number, seed: number, ratingChance = usualRatingChance): number {
  const random = seeded(seed);
  let offset = 0;
  for (const prompt of prompts) {
    if (prompt.score >= adjustedThreshold(threshold, offset)) continue; // strong replies say nothing about the threshold
    const rated = random() < (prompt.cheapIsBad ? ratingChance.bad : ratingChance.good);
    if (!rated) continue;
    const signal: CalibrationSignal = { kind: 'rating', rating: prompt.cheapIsBad ? 'negative' : 'positive' };
    const direction = directionOf(cheapRoute, signal);
    if (direction) offset = nextOffset(offset, direction);
  }
  return offset;
}

/** Quality: share of prompts answered well enough. Cost: share sent to the strong model (its price dominates). */
function score(prompts: readonly RecordedPrompt[], threshold: number) {
  const strong = prompts.filter((prompt) => prompt.score >= threshold).length;
  const bad = prompts.filter((prompt) => prompt.score < threshold && prompt.cheapIsBad).length;
  return { quality: 1 - bad / prompts.length, strongShare: strong / prompts.length };
}

/** The best quality a score threshold reaches on these prompts without sending more than `strongShare` to the strong model. */
function qualityAtCost(prompts: readonly RecordedPrompt[], strongShare: number) {
  const sorted = [...prompts].sort((first, second) => second.score - first.score);
  const strongCount = Math.floor(strongShare * prompts.length + 1e-9);
  const threshold = strongCount === 0 ? Infinity : sorted[strongCount - 1]!.score;
  return score(prompts, threshold).quality;
}

// The threshold the benchmarks give for 95% of the strong model's quality on traffic like theirs.
function benchmarkThreshold(seed: number): number {
  const benchmark = recordStream(20_000, 0, 0, seed);
  const candidates = [...new Set(benchmark.map((prompt) => Math.round(prompt.score * 1000) / 1000))].sort((first, second) => second - first);
  return candidates.find((threshold) => score(benchmark, threshold).quality >= 0.95) ?? 0;
}

function replay(kindShare: number, shift: number, ratingChance = usualRatingChance) {
  const threshold = benchmarkThreshold(1);
  const stream = recordStream(6_000, kindShare, shift, 2);
  const [seen, unseen] = [stream.slice(0, 3_000), stream.slice(3_000)];
  const offset = adapt(seen, threshold, 3, ratingChance);
  const without = score(unseen, threshold);
  const withCalibration = score(unseen, adjustedThreshold(threshold, offset));
  return { threshold, offset, without, withCalibration, withoutAtSameCost: qualityAtCost(unseen, withCalibration.strongShare) };
}

describe('replay of a recorded stream with simulated ratings', () => {
  it('an organisation whose users find cheap replies to one kind of prompt bad: calibrated, its unseen traffic gets close to its 95% target', () => {
    const result = replay(0.4, 0.3);
    console.info('harsh organisation', JSON.stringify(result));
    expect(result.offset).toBeLessThan(0);
    expect(result.without.quality).toBeLessThan(0.95);
    expect(result.withCalibration.quality).toBeGreaterThan(result.without.quality + 0.01);
    expect(result.withCalibration.strongShare).toBeGreaterThan(result.without.strongShare);
    // Honest: one offset moves along the router's own quality-cost curve; at the same cost, the uncalibrated router's threshold would do as well.
    expect(Math.abs(result.withCalibration.quality - result.withoutAtSameCost)).toBeLessThan(0.005);
  });

  it('an organisation whose users are content with cheap replies: calibrated, it spends less on unseen traffic and stays at its target', () => {
    const result = replay(0.6, -0.3);
    console.info('content organisation', JSON.stringify(result));
    expect(result.offset).toBeGreaterThan(0);
    expect(result.without.quality).toBeGreaterThan(0.95);
    expect(result.withCalibration.strongShare).toBeLessThan(result.without.strongShare);
    expect(result.withCalibration.quality).toBeGreaterThanOrEqual(0.95);
  });

  it('an organisation like the benchmarks: the calibration stays near zero', () => {
    const result = replay(0, 0);
    console.info('benchmark-like organisation', JSON.stringify(result));
    expect(Math.abs(result.offset)).toBeLessThanOrEqual(0.06);
    expect(Math.abs(result.withCalibration.quality - result.without.quality)).toBeLessThan(0.02);
  });

  it('a limit: where people rate good and bad replies alike, a benchmark-like organisation drifts cheaper, below its target', () => {
    const result = replay(0, 0, { bad: 0.2, good: 0.2 });
    console.info('benchmark-like organisation, unbiased ratings', JSON.stringify(result));
    expect(result.offset).toBeGreaterThan(0.05);
    expect(result.withCalibration.quality).toBeLessThan(result.without.quality);
  });
});

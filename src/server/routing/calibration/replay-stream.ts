import { promptKinds, type PromptKind } from '../../../gateway';
import { adjustedThreshold, directionOf, nextOffset, type RatedRoute } from './calibration-rule';
import { createSeededRandom } from '../../../gateway/routing/training/seeded-random';

/**
 * A recorded stream for the calibration's replay test (calibration-replay.test.ts): each prompt
 * has its kind, the router's score and whether this organisation's users find a cheap reply to
 * it bad. Two tiers; strong replies are always good enough. Deterministic, so the figures are the
 * same on every run.
 */
export interface RecordedPrompt {
  kind: PromptKind;
  score: number;
  cheapIsBad: boolean;
}

/**
 * How an organisation's users judge cheap replies to each kind of prompt, against the benchmarks
 * the router was calibrated on (where a prompt scored s needs the strong model with probability
 * s): `shift` more (positive) or less (negative), for a `share` of its traffic. Shares sum to 1.
 */
export type OrganisationProfile = Partial<Record<PromptKind, { share: number; shift: number }>>;

/** Every kind alike, with the same shift. */
export const evenly = (shift: number): OrganisationProfile =>
  Object.fromEntries(promptKinds.map((kind) => [kind, { share: 1 / promptKinds.length, shift }]));

export function recordStream(count: number, profile: OrganisationProfile, seed: number): RecordedPrompt[] {
  const random = createSeededRandom(seed);
  const kinds = Object.entries(profile) as [PromptKind, { share: number; shift: number }][];
  return Array.from({ length: count }, () => {
    const score = random() ** 1.6; // most traffic is easy
    let pick = random();
    const [kind, { shift }] =
      kinds.find(([, { share }]) => {
        pick -= share;
        return pick < 0;
      }) ?? kinds.at(-1)!;
    const need = Math.min(1, Math.max(0, score + shift));
    return { kind, score, cheapIsBad: random() < need };
  });
}

/** The threshold a prompt of each kind faces. */
export type Thresholds = (kind: PromptKind) => number;

/** Quality: share of prompts answered well enough. Cost: share sent to the strong model (its price dominates). */
export function score(prompts: readonly RecordedPrompt[], thresholds: Thresholds) {
  const strong = prompts.filter((prompt) => prompt.score >= thresholds(prompt.kind)).length;
  const bad = prompts.filter((prompt) => prompt.score < thresholds(prompt.kind) && prompt.cheapIsBad).length;
  return { quality: 1 - bad / prompts.length, strongShare: strong / prompts.length };
}

/**
 * The uncalibrated router at the same cost: the one score threshold, for every kind, that sends
 * the same number of prompts to the strong model, and the quality it reaches.
 */
export function uncalibratedAtCost(prompts: readonly RecordedPrompt[], strongShare: number) {
  const sorted = [...prompts].sort((first, second) => second.score - first.score);
  const strongCount = Math.round(strongShare * prompts.length);
  const threshold = strongCount === 0 ? Infinity : sorted[strongCount - 1]!.score;
  return score(prompts, () => threshold);
}

/** The threshold the benchmarks give for 95% of the strong model's quality on traffic like theirs: the highest (to 0.001) that keeps it. */
export function benchmarkThreshold(seed: number): number {
  const benchmark = recordStream(20_000, { conversation: { share: 1, shift: 0 } }, seed).sort(
    (first, second) => first.score - second.score,
  );
  const allowedBad = 0.05 * benchmark.length;
  let bad = 0;
  // Prompts scored below the threshold go to the cheap model: the first one whose bad reply would pass the 5% allowed must not.
  const first = benchmark.find((prompt) => {
    if (!prompt.cheapIsBad) return false;
    bad += 1;
    return bad > allowedBad;
  });
  return first ? Math.floor(first.score * 1000) / 1000 : 1;
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
export const usualRatingChance = { bad: 0.3, good: 0.1 };

/**
 * Serves `prompts` in order, a rating arriving now and then for a cheap reply, and moves the
 * offset of `offsetFor(kind)` (one per kind, or one for all) by the calibration's rule.
 */
export function adapt(
  prompts: readonly RecordedPrompt[],
  threshold: number,
  offsetFor: (kind: PromptKind) => string,
  seed: number,
  ratingChance = usualRatingChance,
): Map<string, number> {
  const random = createSeededRandom(seed);
  const offsets = new Map<string, number>();
  for (const prompt of prompts) {
    const key = offsetFor(prompt.kind);
    const offset = offsets.get(key) ?? 0;
    if (prompt.score >= adjustedThreshold(threshold, offset)) continue; // strong replies say nothing about the threshold
    if (random() >= (prompt.cheapIsBad ? ratingChance.bad : ratingChance.good)) continue;
    const direction = directionOf(cheapRoute, { kind: 'rating', rating: prompt.cheapIsBad ? 'negative' : 'positive' });
    if (direction) offsets.set(key, nextOffset(offset, direction));
  }
  return offsets;
}

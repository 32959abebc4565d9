/**
 * The pure half of the CPU-ratio check (issue 24): our server's CPU per request divided by the AI
 * SDK pass-through's, measured in the same run, against the ratios committed in
 * bench/gateway/cpu-ratio-baseline.json. The measuring is in bench/gateway-cpu-ratio.ts.
 */

/** Our server's paths the check follows; each is divided by the pass-through's CPU per request. */
export const checkedTargets = ['Tokenwise, cache off', 'Tokenwise /v1, cache off'] as const;
export type CheckedTarget = (typeof checkedTargets)[number];
export const referenceTarget = 'AI SDK pass-through';

/** A ratio may grow this much over its baseline before the check fails (issue 24: 25%). */
const allowedGrowth = 0.25;

export interface Baseline {
  /** ISO time of the measurement. */
  measuredAt: string;
  /** The commit measured (with "+changes" when the tree had uncommitted ones). */
  commit: string;
  /** The machine and how busy it was. */
  machine: string;
  loadAverage: string;
  /** How it was measured (rounds, requests per round, concurrency), for whoever reads the file. */
  method: string;
  /** Per checked target, the trimmed mean over its batches of its CPU per request / the pass-through's. */
  ratios: Record<CheckedTarget, number>;
  /** Each run's ratios, when the baseline is the median of several: context, not checked. */
  ratiosPerRun?: Record<CheckedTarget, number>[];
  /** Median CPU ms per request, per target, the pass-through included: context, not checked. */
  cpuMsPerRequest: Record<string, number>;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The mean of the values left once the lowest and the highest `fraction` of them (rounded down)
 * are dropped: of 10 batch ratios, the middle 6. Over 8 runs of the check it moved less than the
 * median did (docs/benchmarks/gateway.md) while still ignoring a batch that a stray burst of work
 * made much dearer or cheaper. NaN for no values.
 */
export function trimmedMean(values: readonly number[], fraction = 0.2): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const dropped = Math.floor(sorted.length * fraction);
  const kept = sorted.slice(dropped, sorted.length - dropped);
  return kept.reduce((sum, value) => sum + value, 0) / kept.length;
}

/** One batch of requests to one target: its process's CPU per request over the batch. */
export interface Batch {
  target: string;
  cpuMsPerRequest: number;
}

/**
 * Each batch of a checked target as a ratio: its CPU per request over the mean of the pass-through
 * batches right before and after it in `batches` (the order they ran), so that a slow drift (the
 * pass-through's JIT still settling, load from outside that builds up) falls on both sides of the
 * ratio alike. Answers the ratios per checked target, in order.
 */
export function bracketedRatios(batches: readonly Batch[]): Record<CheckedTarget, number[]> {
  const isPositive = (batch: Batch) => Number.isFinite(batch.cpuMsPerRequest) && batch.cpuMsPerRequest > 0;
  const ratios = Object.fromEntries(checkedTargets.map((target) => [target, [] as number[]])) as Record<
    CheckedTarget,
    number[]
  >;
  batches.forEach((batch, index) => {
    if (!(checkedTargets as readonly string[]).includes(batch.target)) return;
    const target = batch.target as CheckedTarget;
    if (!isPositive(batch)) throw new Error(`batch ${index + 1} (${target}) has no positive CPU per request`);
    const before = batches.slice(0, index).findLast((candidate) => candidate.target === referenceTarget);
    const after = batches.slice(index + 1).find((candidate) => candidate.target === referenceTarget);
    const neighbours = [before, after].filter((candidate) => candidate !== undefined);
    if (neighbours.length === 0 || !neighbours.every(isPositive))
      throw new Error(`batch ${index + 1} (${target}) has no ${referenceTarget} batch with positive CPU beside it`);
    const reference = neighbours.reduce((sum, candidate) => sum + candidate.cpuMsPerRequest, 0) / neighbours.length;
    ratios[target].push(batch.cpuMsPerRequest / reference);
  });
  for (const target of checkedTargets)
    if (ratios[target].length === 0) throw new Error(`no batch of ${target} was measured`);
  return ratios;
}

export class BaselineError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses and checks a baseline file's text; `source` names the file in the errors. */
export function parseBaseline(text: string, source: string): Baseline {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${source} is not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(parsed)) throw new BaselineError(`${source} must hold one JSON object`);
  for (const field of ['measuredAt', 'commit', 'machine', 'loadAverage', 'method'] as const) {
    if (typeof parsed[field] !== 'string' || parsed[field] === '')
      throw new BaselineError(`${source}: "${field}" must be a non-empty string`);
  }
  const { ratios, cpuMsPerRequest } = parsed;
  if (!isRecord(ratios)) throw new BaselineError(`${source}: "ratios" must be an object of target name to ratio`);
  for (const target of checkedTargets) {
    const ratio = ratios[target];
    if (typeof ratio !== 'number' || !Number.isFinite(ratio) || ratio <= 0)
      throw new BaselineError(
        `${source}: ratios["${target}"] must be a positive number, found ${JSON.stringify(ratio)}`,
      );
  }
  const unknown = Object.keys(ratios).filter((name) => !(checkedTargets as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new BaselineError(
      `${source}: ratios has targets the check does not measure: ${unknown.join(', ')} (it measures ${checkedTargets.join(', ')})`,
    );
  if (parsed.ratiosPerRun !== undefined && !(Array.isArray(parsed.ratiosPerRun) && parsed.ratiosPerRun.every(isRecord)))
    throw new BaselineError(
      `${source}: "ratiosPerRun", when present, must be a list of objects of target name to ratio`,
    );
  if (!isRecord(cpuMsPerRequest) || Object.values(cpuMsPerRequest).some((value) => typeof value !== 'number'))
    throw new BaselineError(`${source}: "cpuMsPerRequest" must be an object of target name to milliseconds`);
  return parsed as unknown as Baseline;
}

interface Verdict {
  target: CheckedTarget;
  measured: number;
  baseline: number;
  /** measured / baseline - 1 (negative: cheaper than the baseline). */
  growth: number;
  /** The highest ratio that passes. */
  limit: number;
  passed: boolean;
}

/** Each checked target's measured ratio against its baseline: it fails above baseline x (1 + allowedGrowth). */
export function compareRatios(measured: Record<CheckedTarget, number>, baseline: Baseline): Verdict[] {
  return checkedTargets.map((target) => {
    const base = baseline.ratios[target];
    const limit = base * (1 + allowedGrowth);
    return {
      target,
      measured: measured[target],
      baseline: base,
      growth: measured[target] / base - 1,
      limit,
      passed: measured[target] <= limit,
    };
  });
}

const percent = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;

/** One line per verdict naming both numbers, e.g. for CI's log. */
export function describeVerdict(verdict: Verdict): string {
  const numbers =
    `${verdict.measured.toFixed(2)}x the ${referenceTarget}'s CPU per request, baseline ${verdict.baseline.toFixed(2)}x ` +
    `(${percent(verdict.growth)}; the limit is ${verdict.limit.toFixed(2)}x, +${allowedGrowth * 100}%)`;
  return verdict.passed
    ? `ok      ${verdict.target}: ${numbers}`
    : `FAILED  ${verdict.target}: ${numbers}: its CPU per request grew more than ${allowedGrowth * 100}% relative to the pass-through's`;
}

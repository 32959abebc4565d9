/**
 * The per-organisation calibration of the router's threshold (docs/decisions/028): one offset in
 * score units, added to the threshold the quality target gives. Each signal about a reply the
 * router sent to a cheaper tier moves it one fixed step: a bad one (a negative rating, or the
 * reply asked again of a stronger model) lowers it, so more prompts reach the strongest tier; a
 * good one (a positive rating) raises it a third as much. The offset settles where one rated cheap
 * reply in four is bad, and never leaves ±`calibrationLimit`. People rate bad replies more often
 * than good ones (assumed ~3 to 1), so that is about one cheap reply in ten being bad: what the
 * default 95% target allows when about half the traffic goes to the cheap tier (docs/decisions/028).
 */
export const calibrationLimit = 0.15;
export const strongerStep = 0.015;
export const cheaperStep = 0.005;

export type CalibrationDirection = 'stronger' | 'cheaper';

/**
 * A signal about one reply: how the user rated it, that they asked a stronger model again, or
 * that they rewrote their prompt and asked again (the answer did not serve them).
 */
export type CalibrationSignal =
  | { kind: 'rating'; rating: 'positive' | 'neutral' | 'negative' }
  | { kind: 'regenerated'; newTier: number }
  | { kind: 'edited' };

/** What the decision record says about the reply a signal is about. */
export interface RatedRoute {
  mode: 'auto' | 'forced';
  reason: string;
  servedModelId: string | null;
  candidates: readonly { model_id: string; tier: number; eligible: boolean }[];
}

/**
 * The tier that answered, when the router chose it and a stronger tier was open to the caller;
 * undefined otherwise (chosen by the user, a cache hit, a fallback, the strongest tier already):
 * only the router's own choice of a cheaper tier says anything about its threshold.
 */
function cheaperTierServed(route: RatedRoute): number | undefined {
  if (route.mode !== 'auto' || route.reason !== 'router_score' || !route.servedModelId) return undefined;
  const served = route.candidates.find((candidate) => candidate.model_id === route.servedModelId);
  if (!served) return undefined;
  const strongest = Math.max(
    ...route.candidates.filter((candidate) => candidate.eligible).map((candidate) => candidate.tier),
  );
  return served.tier < strongest ? served.tier : undefined;
}

/** Which way a signal moves the organisation's threshold; undefined: not at all. */
export function directionOf(route: RatedRoute, signal: CalibrationSignal): CalibrationDirection | undefined {
  const servedTier = cheaperTierServed(route);
  if (servedTier === undefined) return undefined;
  if (signal.kind === 'regenerated') return signal.newTier > servedTier ? 'stronger' : undefined;
  if (signal.kind === 'edited') return 'stronger';
  if (signal.rating === 'negative') return 'stronger';
  if (signal.rating === 'positive') return 'cheaper';
  return undefined;
}

export function nextOffset(offset: number, direction: CalibrationDirection): number {
  const moved = direction === 'stronger' ? offset - strongerStep : offset + cheaperStep;
  // Rounded to the step's precision, so many small steps do not drift from the sum a person would compute.
  return Math.round(Math.min(calibrationLimit, Math.max(-calibrationLimit, moved)) * 1e6) / 1e6;
}

/** The threshold used for the organisation: the calibrated one moved by its offset, kept within the score's range. */
export function adjustedThreshold(threshold: number, offset: number): number {
  if (!Number.isFinite(threshold)) return threshold;
  return Math.min(1, Math.max(0, threshold + offset));
}

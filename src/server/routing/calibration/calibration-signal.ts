import type { PromptKind } from '../../../gateway';
import { cacheDirectionOf, type CacheDirection } from './cache-calibration-rule';
import { directionOf, type CalibrationDirection, type CalibrationSignal, type RatedRoute } from './calibration-rule';

/** What one calibration offset is for: the router's threshold for a kind of prompt, or the cache's threshold. */
export type CalibrationTarget = PromptKind | 'cache';

/** A signal's move: which offset, which way. */
export type CalibrationMove =
  | { target: PromptKind; direction: CalibrationDirection }
  | { target: 'cache'; direction: CacheDirection };

/** The decision record of the reply a signal is about. */
export interface RatedDecision extends RatedRoute {
  promptKind: PromptKind | null;
  cacheSimilarity: number | null;
}

/**
 * The move a signal about one reply makes, if any: a reply from the cache moves the cache's
 * threshold, a reply the router sent to a cheaper tier moves the router's threshold for the
 * prompt's kind (decisions made before kinds were recorded move nothing).
 */
export function calibrationMoveOf(decision: RatedDecision, signal: CalibrationSignal): CalibrationMove | undefined {
  const cache = cacheDirectionOf(decision, signal.kind === 'regenerated' ? { kind: 'regenerated' } : signal);
  if (cache) return { target: 'cache', direction: cache };
  const router = directionOf(decision, signal);
  return router && decision.promptKind ? { target: decision.promptKind, direction: router } : undefined;
}

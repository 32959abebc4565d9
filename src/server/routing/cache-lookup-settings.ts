import type { RoutingPolicy } from '../../contracts';
import type { CacheSettings } from '../../gateway';
import { calibratedCacheThreshold } from './calibration/cache-calibration-rule';
import type { ThresholdCalibration } from './calibration/calibration-repository';

/** The organisation's cache settings, its threshold raised by its users' feedback when it was (docs/decisions/033). */
export type CacheLookupSettings = CacheSettings & {
  calibration?: { policyThreshold: number; offset: number; signals: number };
};

/**
 * The organisation's policy as the gateway's cache settings; no threshold means the product
 * default. Its users' feedback on cached replies may raise the threshold, never lower it.
 */
export function cacheSettingsFor(
  policy: RoutingPolicy,
  defaults: CacheSettings,
  calibration?: ThresholdCalibration,
): CacheLookupSettings {
  const policyThreshold = policy.cache.threshold ?? defaults.similarityThreshold;
  const raised =
    calibration && calibration.offset > 0
      ? calibratedCacheThreshold(policyThreshold, calibration.offset)
      : policyThreshold;
  return {
    enabled: policy.cache.enabled,
    similarityThreshold: raised,
    ttlSeconds: policy.cache.ttl_seconds,
    maxEntries: policy.cache.max_entries,
    ...(raised !== policyThreshold
      ? { calibration: { policyThreshold, offset: raised - policyThreshold, signals: calibration!.signals } }
      : {}),
  };
}

/** "threshold 0.76, raised +0.04 by your organization's feedback on cached replies: 2 ratings, regenerations and edits". */
export function calibrationText({
  policyThreshold,
  offset,
  signals,
}: NonNullable<CacheLookupSettings['calibration']>): string {
  const counted = `${signals} ${signals === 1 ? 'rating, regeneration or edit' : 'ratings, regenerations and edits'}`;
  return `threshold ${policyThreshold.toFixed(2)}, raised +${offset.toFixed(2)} by your organization's feedback on cached replies: ${counted}`;
}

import type { RoutingQualityResponse } from '@contracts';
import { formatMoney } from '../../../lib/format-money';
import { kindNames } from './calibration-summary';

type Measured = RoutingQualityResponse['totals'];
type CacheQuality = RoutingQualityResponse['cache'];
type PromptKind = RoutingQualityResponse['groups'][number]['kind'];

export const qualityTexts = {
  off: 'Shadow evaluation is off: switch it on to measure the quality of cheaper answers.',
  offWithHistory: 'Shadow evaluation is off now; the figures below are from the replies it sampled before.',
  noSamples: 'No replies have been sampled yet: the figures appear here once cheaper Auto replies have been evaluated.',
  notScored: 'Not scored by the router',
} as const;

/** What the Quality section shows: a call to switch it on, a wait for the first samples, or the figures. */
export type QualityState = 'off' | 'no-samples' | 'measured';

export function qualityState(samplingRate: number, quality: RoutingQualityResponse): QualityState {
  if (quality.totals.sampled > 0) return 'measured';
  return samplingRate > 0 ? 'no-samples' : 'off';
}

export const kindName = (kind: PromptKind) => (kind === null ? qualityTexts.notScored : kindNames[kind]);

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The share judged as good with its 95% interval, as seen ('94% (88–97%)') and as read aloud. */
export function shareWithInterval(measured: Pick<Measured, 'as_good_share' | 'as_good_interval'>): {
  shown: string;
  spoken: string;
} {
  const { as_good_share: share, as_good_interval: interval } = measured;
  if (share === null) return { shown: '—', spoken: 'nothing sampled' };
  if (interval === null) return { shown: percent(share), spoken: percent(share) };
  const low = Math.round(interval.low * 100);
  const high = Math.round(interval.high * 100);
  return {
    shown: `${percent(share)} (${low}–${high}%)`,
    spoken: `${percent(share)}, 95% interval ${low}% to ${high}%`,
  };
}

/** "$1.23 of the $10.00 monthly budget", with the share spent for a bar (0-1; a budget of $0 is spent at once). */
export function monthSpend(month: RoutingQualityResponse['month']): { text: string; share: number } {
  const { sampling_cost_usd: spent, monthly_budget_usd: budget } = month;
  return {
    text: `${formatMoney(spent)} of the ${formatMoney(budget)} monthly budget`,
    share: budget > 0 ? Math.min(1, spent / budget) : 1,
  };
}

/** Which router chooses Auto's tier: the organisation's own once it has learned enough labels (docs/decisions/068). */
export function routerStatus(router: RoutingQualityResponse['router']): string {
  const labels = router.labels === 1 ? '1 label' : `${router.labels.toLocaleString('en-US')} labels`;
  if (router.decides) {
    const since = router.deciding_since ? ` since ${new Date(router.deciding_since).toLocaleDateString('en-US')}` : '';
    return `Your organization's own router chooses Auto's tier${since}, learned from ${labels}.`;
  }
  return `Your organization's own router has learned from ${labels} of the ${router.labels_needed.toLocaleString('en-US')} it needs before it chooses Auto's tier; until then the global router does.`;
}

export const cacheTexts = {
  noLookups: 'No cache lookups yet: the figures appear here once Auto has looked prompts up in the cache.',
  checksOff:
    'No cache hits have been checked: with shadow evaluation on, a judge model checks the same share of cache hits and the wrong-hit rate appears here.',
  noChecks: 'No cache hits have been checked yet: the wrong-hit rate appears here once sampled hits have been judged.',
} as const;

/** A small share with one decimal where it matters: 0.025 -> '2.5%', 0.1288 -> '12.9%', 1 -> '100%'. */
const finePercent = (share: number) => `${Number((share * 100).toFixed(1))}%`;

/** The cache's wrong-hit rate with its 95% interval, as seen ('2.5% (0.4–12.9%)') and as read aloud. */
export function wrongHitRate(cache: Pick<CacheQuality, 'wrong_hit_rate' | 'wrong_hit_interval'>): {
  shown: string;
  spoken: string;
} {
  const { wrong_hit_rate: rate, wrong_hit_interval: interval } = cache;
  if (rate === null) return { shown: '—', spoken: 'no hits checked' };
  if (interval === null) return { shown: finePercent(rate), spoken: finePercent(rate) };
  const [low, high] = [finePercent(interval.low), finePercent(interval.high)];
  return {
    shown: `${finePercent(rate)} (${low.replace('%', '')}–${high})`,
    spoken: `${finePercent(rate)}, 95% interval ${low} to ${high}`,
  };
}

/** Whether the organisation's learned cache threshold decides Auto's semantic hits yet (docs/decisions/080). */
export function cacheLearnerStatus(learner: CacheQuality['learner']): string {
  const labels = learner.labels === 1 ? '1 label' : `${learner.labels.toLocaleString('en-US')} labels`;
  const errorRate = finePercent(learner.error_rate);
  if (learner.decides) {
    const since = learner.deciding_since
      ? ` since ${new Date(learner.deciding_since).toLocaleDateString('en-US')}`
      : '';
    return `Your organization's learned cache threshold decides Auto's cache hits${since}, learned from ${labels}, keeping wrong hits it serves without a judge under ${errorRate}.`;
  }
  return `Your organization's learned cache threshold has learned from ${labels} of the ${learner.labels_needed.toLocaleString('en-US')} it needs before it decides Auto's cache hits (keeping wrong hits under ${errorRate}); until then the similarity threshold does.`;
}

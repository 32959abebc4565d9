import type { RoutingQualityResponse } from '@contracts';
import { kindName } from '../../organization-settings/lib/quality-figures';
import { amountText } from './decimal-amounts';
import { csvText } from './csv-text';

type Interval = { low: number; high: number } | null;

/** A share as plain decimal text, to 4 places: 0.94 -> '0.94'; none -> ''. */
const shareText = (share: number | null) => (share === null ? '' : String(Number(share.toFixed(4))));
const intervalTexts = (interval: Interval) => [shareText(interval?.low ?? null), shareText(interval?.high ?? null)];

/** Columns of the export's quality section: per kind of prompt and tier (docs/decisions/067, 069). */
const qualityCsvColumns = [
  'Kind of Prompt',
  'Model Tier',
  'Replies Sampled',
  'Judged As Good',
  'As Good Share',
  '95% Low',
  '95% High',
  'Sampling Cost',
] as const;

/** Columns of the export's cache line (docs/decisions/080). */
const cacheCsvColumns = [
  'Lookups',
  'Hits',
  'Hits Checked',
  'Wrong Hits',
  'Wrong-Hit Rate',
  '95% Low',
  '95% High',
  'Judge Calls',
  'Savings',
] as const;

/**
 * The measured quality as rows: a titled section per kind of prompt and tier with a total row, then
 * a titled cache line. Shares are decimals (0-1) with their 95% interval, amounts dollars with every
 * decimal the server gives; both since the organisation began (the figures have no date range).
 */
function qualityCsvRows(quality: RoutingQualityResponse): string[][] {
  const measured = (group: RoutingQualityResponse['totals']) => [
    String(group.sampled),
    String(group.judged_as_good),
    shareText(group.as_good_share),
    ...intervalTexts(group.as_good_interval),
    amountText(group.sampling_cost_usd),
  ];
  const { cache } = quality;
  return [
    ['Quality of cheaper answers (all time)'],
    [...qualityCsvColumns],
    ...quality.groups.map((group) => [kindName(group.kind), String(group.tier), ...measured(group)]),
    ['All sampled replies', '', ...measured(quality.totals)],
    [],
    ['Cache (all time)'],
    [...cacheCsvColumns],
    [
      String(cache.lookups),
      String(cache.hits),
      String(cache.checked_hits),
      String(cache.wrong_hits),
      shareText(cache.wrong_hit_rate),
      ...intervalTexts(cache.wrong_hit_interval),
      String(cache.judge_calls),
      amountText(cache.savings_usd),
    ],
  ];
}

/**
 * The analytics export of the quality the router and the cache keep (docs/decisions/067, 080): a
 * file beside the spec's cost-savings CSV, whose five columns stay the spec's alone.
 */
export function buildQualityCsv(quality: RoutingQualityResponse): string {
  return csvText(qualityCsvRows(quality));
}

/** Named for what it holds and the day it was taken: the figures are all-time, so the date says "as of". */
export function qualityFileName(today: string): string {
  return `routing-quality-${today}.csv`;
}

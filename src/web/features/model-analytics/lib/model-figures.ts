import type { ModelAnalytics } from '@contracts';
import { formatCount } from '../../admin/lib/format';
import { formatMoney } from '../../../lib/format-money';

export type ModelFigures = ModelAnalytics['models'][number];

/** A share from 0 to 1 as a percentage with one decimal. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Milliseconds under a second, seconds with one decimal above; '—' without any complete reply. */
function formatLatency(milliseconds: number | null): string {
  if (milliseconds === null) return '—';
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

/** The columns of the table and the facts of the cards, in one order. */
export const modelColumns: readonly { heading: string; value: (model: ModelFigures) => string }[] = [
  { heading: 'Requests', value: (model) => formatCount(model.requests) },
  { heading: 'Tokens', value: (model) => formatCount(model.tokens_used) },
  { heading: 'Cost', value: (model) => formatMoney(model.cost) },
  { heading: 'Success Rate', value: (model) => formatShare(model.success_rate) },
  { heading: 'p50 Latency', value: (model) => formatLatency(model.p50_latency_ms) },
  { heading: 'p50 First Token', value: (model) => formatLatency(model.p50_time_to_first_token_ms) },
  { heading: 'Auto Share', value: (model) => formatShare(model.auto_share) },
  { heading: 'Cache Hits', value: (model) => formatCount(model.cache_hits) },
  { heading: 'Savings', value: (model) => formatMoney(model.savings) },
];

/** Busiest first. */
export function byRequests(models: readonly ModelFigures[]): ModelFigures[] {
  return [...models].sort(
    (first, second) => second.requests - first.requests || second.tokens_used - first.tokens_used,
  );
}

import type { RouteInfo } from '@contracts';
import { formatMoney } from '../../../../lib/format-money';

const reasonLabels: Record<RouteInfo['reason'], string> = {
  cache_hit: 'From cache',
  router_score: 'Routed',
  forced: 'Your choice',
  fallback: 'Fallback',
  routing_off: 'Routing off',
  only_model: 'Only model',
};

/** The embedded model runs on the server itself: its replies cost nothing. */
function isLocalModelId(modelId: string | null | undefined): boolean {
  return modelId?.startsWith('local/') ?? false;
}

/**
 * How a reply was routed and what it cost against the reference model ("without the router"):
 * a short label, the reason in full on hover and for screen readers, and the two costs. A reply
 * of the local model is 'free (local)'; a local reference model costs nothing either, so there is
 * nothing to compare with. A reply cut off at its token limit claims no saving: an unfinished
 * answer is not a cheaper one.
 */
export function RouteSummary({
  route,
  servedModel,
  cutOff = false,
}: {
  route: RouteInfo;
  servedModel: string | null;
  cutOff?: boolean;
}) {
  const saved = cutOff ? 0 : route.reference_cost_usd - route.cost_usd;
  // A cache hit is free because of the cache, whatever model first wrote it; its label says so.
  const cost =
    route.cost_usd === 0 && !route.cached && isLocalModelId(servedModel) ? 'free (local)' : formatMoney(route.cost_usd);
  const comparison = isLocalModelId(route.reference_model)
    ? ''
    : ` vs ${formatMoney(route.reference_cost_usd)} on ${route.reference_model}${saved > 0 ? ` (saved ${formatMoney(saved)})` : ''}`;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names this element for tests (getByLabelText) and keeps the markup unchanged; giving it a role is an accessibility change for its own issue
    <span className="inline-flex flex-wrap items-center gap-2" aria-label="How this reply was routed">
      <span
        title={route.reason_text}
        className={`rounded px-1.5 py-0.5 font-medium ${route.cached ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
      >
        {reasonLabels[route.reason]}
      </span>
      <span className="sr-only">{route.reason_text}</span>
      <span>
        {cost}
        {comparison}
      </span>
    </span>
  );
}

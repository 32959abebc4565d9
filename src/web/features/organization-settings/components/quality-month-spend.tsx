import type { RoutingQualityView } from '../api/routing-quality-api';
import { monthSpend } from '../lib/quality-figures';

/** The month's sampling spend against the budget: the words say it all, the bar only shows it. */
export function QualityMonthSpend({ month }: { month: RoutingQualityView['month'] }) {
  const spend = monthSpend(month);
  return (
    <div className="text-sm">
      <p className="text-slate-700 dark:text-slate-300">
        Sampling this month: <span className="font-medium text-slate-900 dark:text-slate-100">{spend.text}</span>
      </p>
      <div
        aria-hidden="true"
        className="mt-1 h-1.5 w-full max-w-sm overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full ${spend.share >= 1 ? 'bg-amber-500' : 'bg-brand'}`}
          style={{ width: `${Math.round(spend.share * 100)}%` }}
        />
      </div>
    </div>
  );
}

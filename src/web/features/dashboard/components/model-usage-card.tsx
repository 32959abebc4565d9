import type { SubscriptionAnalytics } from '@contracts';
import { Link } from 'react-router';
import { Card } from '../../admin/components/card';
import { formatCount } from '../../admin/lib/format';
import { dashboardTexts } from '../lib/dashboard-texts';
import { tokenShare } from '../lib/usage-overview';
import { EmptyState } from './empty-state';
import { formatMoney } from '../../../lib/format-money';

/** Per model tokens, cost, success rate and share of the cycle's tokens. */
export function ModelUsageCard({ analytics }: { analytics: SubscriptionAnalytics }) {
  const models = [...analytics.usage_by_model].sort((first, second) => second.tokens_used - first.tokens_used);
  return (
    <Card
      title="Model Usage Breakdown"
      actions={
        <Link to="/admin/models" className="text-sm font-medium text-brand-ink hover:underline">
          Model analytics
        </Link>
      }
    >
      {models.length === 0 ? (
        <EmptyState text={dashboardTexts.noModelUsage} />
      ) : (
        <ul aria-label="Models" className="space-y-4">
          {models.map((model) => {
            const share = tokenShare(model.tokens_used, analytics.total_tokens_used);
            return (
              <li key={model.model_id} aria-label={model.model_name} className="text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900 dark:text-white">{model.model_name}</span>
                  <span className="text-slate-600 tabular-nums dark:text-slate-300">{share.toFixed(1)}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`${model.model_name} share of tokens`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={share}
                  className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
                </div>
                <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-400">
                  <div className="flex gap-1">
                    <dt>Tokens</dt>
                    <dd className="tabular-nums">{formatCount(model.tokens_used)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Cost</dt>
                    <dd className="tabular-nums">{formatMoney(model.cost)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Success rate</dt>
                    <dd className="tabular-nums">{(model.success_rate * 100).toFixed(1)}%</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

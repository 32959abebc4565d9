import type { SubscriptionAnalytics } from '@contracts';
import { Card, Facts } from '../../admin/components/card';
import { formatCount, formatDay } from '../../admin/lib/format';
import { UsageBar } from '../../user-management/components/usage-bar';
import type { UsageOverview } from '../lib/usage-overview';
import { formatMoney } from '../../../lib/format-money';

/** Total cost, tokens used and remaining, days to the next billing and the usage bar of the cycle. */
export function UsageAnalyticsCard({
  analytics,
  overview,
}: {
  analytics: SubscriptionAnalytics;
  overview: UsageOverview;
}) {
  const used = analytics.total_tokens_used;
  const cycle = analytics.billing_cycle;
  return (
    <Card title="Usage Analytics">
      <Facts
        facts={[
          { label: 'Total Cost', value: formatMoney(analytics.total_cost) },
          { label: 'Tokens Used', value: formatCount(used) },
          { label: 'Tokens Remaining', value: formatCount(analytics.tokens_remaining) },
          {
            label: 'Next Billing',
            value: `${overview.daysToNextBilling} ${overview.daysToNextBilling === 1 ? 'day' : 'days'} (${formatDay(cycle.next_billing_date)})`,
          },
        ]}
      />
      <div className="mt-4">
        <UsageBar
          label="Usage"
          amountText={`${formatCount(used)} of ${formatCount(used + analytics.tokens_remaining)} tokens`}
          percent={overview.usagePercent}
        />
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Billing cycle {formatDay(cycle.start_date)} to {formatDay(cycle.end_date)}
        </p>
      </div>
    </Card>
  );
}

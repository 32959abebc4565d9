import type { SubscriptionAnalytics } from '@contracts';
import { Card, Facts } from '../../admin/components/card';
import { formatCount, formatDay } from '../../admin/lib/format';
import { dashboardTexts } from '../lib/dashboard-texts';
import type { UsageOverview } from '../lib/usage-overview';
import { BarChart } from './charts/bar-chart';
import { EmptyState } from './empty-state';
import { formatMoney } from '../../../lib/format-money';

type TrendDay = SubscriptionAnalytics['usage_trend'][number];

const tokenSeries = [{ name: 'Tokens', color: 'var(--color-brand)', value: (day: TrendDay) => day.tokens_used }];

/** Daily bars of the cycle's tokens, the cost in each bar's tooltip. */
export function UsageTrendsCard({
  analytics,
  overview,
}: {
  analytics: SubscriptionAnalytics;
  overview: UsageOverview;
}) {
  const days = [...analytics.usage_trend].sort((first, second) => first.date.localeCompare(second.date));
  return (
    <Card title="Usage Trends" className="lg:col-span-2">
      {days.length === 0 ? (
        <EmptyState text={dashboardTexts.noUsageTrend} />
      ) : (
        <>
          <BarChart
            label="Tokens used per day"
            points={days}
            series={tokenSeries}
            pointLabel={(day) => formatDay(day.date)}
            tooltip={(day) => [
              formatDay(day.date),
              `${formatCount(day.tokens_used)} tokens`,
              `Cost ${formatMoney(day.cost)}`,
            ]}
            valueKind="count"
          />
          <div className="mt-4">
            <Facts
              facts={[
                { label: 'Average Daily Usage', value: `${formatCount(overview.averageDailyUsage)} tokens` },
                {
                  label: 'Peak Usage Day',
                  value: overview.peakUsageDay
                    ? `${formatDay(overview.peakUsageDay.date)} (${formatCount(overview.peakUsageDay.tokens_used)} tokens)`
                    : '—',
                },
              ]}
            />
          </div>
        </>
      )}
    </Card>
  );
}

import { usagePeriods, type UsageBreakdown, type UsagePeriod } from '@contracts';
import { Card, Facts } from '../../admin/components/card';
import { SelectField } from '../../admin/components/form-fields';
import { formatCount, formatDay } from '../../admin/lib/format';
import { BarChart } from '../../dashboard/components/charts/bar-chart';
import { EmptyState } from '../../dashboard/components/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney } from '../../../lib/format-money';

const periodLabels: Record<UsagePeriod, string> = {
  day: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
  year: 'Last 365 days',
  all: 'All time',
};
export const noUsageText = 'No usage in this period.';

type UsageDay = UsageBreakdown['by_date'][number];
const tokenSeries = [{ name: 'Tokens', color: 'var(--color-brand)', value: (day: UsageDay) => day.tokens }];

interface UsageCardProps {
  usage: UsageBreakdown | undefined;
  period: UsagePeriod;
  onPeriod: (period: UsagePeriod) => void;
}

/** Spec section 3's usage breakdown: the period's total, by model and by day. */
export function UsageCard({ usage, period, onPeriod }: UsageCardProps) {
  const picker = (
    <SelectField
      label="Period"
      value={period}
      onChange={(event) => onPeriod(event.target.value as UsagePeriod)}
      className="w-40"
    >
      {usagePeriods.map((option) => (
        <option key={option} value={option}>
          {periodLabels[option]}
        </option>
      ))}
    </SelectField>
  );
  return (
    <Card title="Usage" actions={picker}>
      {!usage ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading usage" />
        </div>
      ) : (
        <>
          <Facts
            facts={[
              { label: 'Requests', value: formatCount(usage.total.requests) },
              { label: 'Tokens', value: formatCount(usage.total.tokens) },
              { label: 'Cost', value: formatMoney(usage.total.cost) },
            ]}
          />
          {usage.by_model.length === 0 ? (
            <div className="mt-4">
              <EmptyState text={noUsageText} />
            </div>
          ) : (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-700 dark:text-slate-200">By model</h3>
              <ul aria-label="Usage by model" className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                {usage.by_model.map((model) => (
                  <li
                    key={model.model_id}
                    aria-label={model.model_name}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
                  >
                    <span className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-100">
                      {model.model_name}
                    </span>
                    <span className="text-slate-600 tabular-nums dark:text-slate-300">
                      {formatCount(model.requests)} requests · {formatCount(model.tokens)} tokens ·{' '}
                      {formatMoney(model.cost)}
                    </span>
                  </li>
                ))}
              </ul>
              <h3 className="mt-4 text-sm font-semibold text-slate-700 dark:text-slate-200">By day</h3>
              <BarChart
                label="Tokens used per day in the period"
                points={usage.by_date}
                series={tokenSeries}
                pointLabel={(day) => formatDay(day.date)}
                tooltip={(day) => [
                  formatDay(day.date),
                  `${formatCount(day.tokens)} tokens`,
                  `${formatCount(day.requests)} requests`,
                  `Cost ${formatMoney(day.cost)}`,
                ]}
                valueKind="count"
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}

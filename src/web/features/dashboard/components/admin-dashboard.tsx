import { FullPageSpinner } from '../../../components/ui/spinner';
import { useState } from 'react';
import { UsageFilterFields } from '../../admin/components/usage-filter-fields';
import { useDayRange } from '../../admin/hooks/use-day-range';
import { everyUsage, type UsageFilterChoice } from '../../admin/lib/usage-filter';
import { UserFeedbackCard } from '../../feedback-insights/components/user-feedback-card';
import { useDashboardAnalytics } from '../hooks/use-dashboard-analytics';
import { dashboardTexts } from '../lib/dashboard-texts';
import { usageOverview } from '../lib/usage-overview';
import { CostSavingsCard } from './cost-savings-card';
import { ModelUsageCard } from './model-usage-card';
import { QualitySummaryCard } from './quality-summary-card';
import { UsageAnalyticsCard } from './usage-analytics-card';
import { UsageTrendsCard } from './usage-trends-card';

/** /admin and /dashboard: the four analytics cards of spec section 2 (of every source and key, or the chosen one), the users' feedback and the quality of cheaper answers. */
export function AdminDashboard() {
  const { range, askedRange, defaultRange, changeRange } = useDayRange();
  const [filter, setFilter] = useState<UsageFilterChoice>(everyUsage);
  const query = useDashboardAnalytics(askedRange, filter);

  if (query.isPending) return <FullPageSpinner label="Loading analytics" />;
  const heading = (
    <h1 id="dashboard-title" className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">
      Dashboard
    </h1>
  );
  // Kept on every outcome: a choice that answers nothing can be changed back.
  const filterFields = (
    <fieldset aria-busy={query.isFetching} className="mb-4 grid gap-3 sm:max-w-md sm:grid-cols-2">
      <legend className="sr-only">Usage filter</legend>
      <UsageFilterFields choice={filter} onChange={setFilter} />
    </fieldset>
  );
  if (query.isError) {
    return (
      <section aria-labelledby="dashboard-title">
        {heading}
        {filterFields}
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
          {dashboardTexts.noAnalytics}
        </p>
      </section>
    );
  }

  const { analytics, unavailable } = query.data;
  const overview = usageOverview(analytics);
  const modelNames = new Map(
    [...analytics.usage_by_model, ...analytics.cost_savings].map((model) => [model.model_id, model.model_name]),
  );
  return (
    <section aria-labelledby="dashboard-title">
      {heading}
      {filterFields}
      {unavailable ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          {dashboardTexts.analyticsUnavailable}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <UsageAnalyticsCard analytics={analytics} overview={overview} />
        <ModelUsageCard analytics={analytics} />
        <UsageTrendsCard analytics={analytics} overview={overview} />
        <CostSavingsCard
          analytics={analytics}
          range={range}
          defaultRange={defaultRange}
          onRangeChange={changeRange}
          updating={query.isFetching}
        />
        <UserFeedbackCard modelNames={modelNames} />
        <QualitySummaryCard />
      </div>
    </section>
  );
}

import { Button } from '../../../components/ui/button';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { Card, Facts } from '../../admin/components/card';
import { DayRangeFields } from '../../admin/components/day-range-fields';
import { ErrorBanner } from '../../admin/components/error-banner';
import { UsageFilterFields } from '../../admin/components/usage-filter-fields';
import { useDayRange } from '../../admin/hooks/use-day-range';
import { everyUsage, type UsageFilterChoice } from '../../admin/lib/usage-filter';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { useIsNarrowScreen } from '../../../hooks/use-is-narrow-screen';
import { isOrderedRange } from '../../admin/lib/day-range';
import { formatCount } from '../../admin/lib/format';
import { EmptyState } from '../../dashboard/components/empty-state';
import { dashboardTexts } from '../../dashboard/lib/dashboard-texts';
import { ModelRatingsCard } from '../../feedback-insights/components/model-ratings-card';
import { useFeedbackStats } from '../../feedback-insights/hooks/use-feedback';
import { useModelAnalytics } from '../hooks/use-model-analytics';
import { useState } from 'react';
import { byRequests, formatShare } from '../lib/model-figures';
import { ModelAnalyticsCards } from './model-analytics-cards';
import { ModelAnalyticsTable } from './model-analytics-table';
import { formatMoney } from '../../../lib/format-money';

export const modelAnalyticsFailedText = 'Model analytics could not be loaded.';

/**
 * /admin/models: per model requests, tokens, cost, success rate, latency, Auto share, cache hits
 * and savings over a period, and how users rated each model's replies in it.
 */
export function ModelAnalytics() {
  const { range, askedRange, changeRange } = useDayRange();
  const [filter, setFilter] = useState<UsageFilterChoice>(everyUsage);
  const query = useModelAnalytics(askedRange, filter);
  const ratings = useFeedbackStats(askedRange);
  const banner = useErrorBanner();
  const narrow = useIsNarrowScreen();
  useReportFailure(query.error, banner.show);
  useReportFailure(ratings.error, banner.show);

  if (query.isPending && !query.isError) return <FullPageSpinner label="Loading model analytics" />;
  const analytics = query.data;
  const models = analytics ? byRequests(analytics.models) : [];
  const ratingsCard = (
    <ModelRatingsCard
      stats={ratings.data}
      failed={ratings.isError}
      onRetry={() => void ratings.refetch()}
      modelNames={new Map(models.map((model) => [model.model_id, model.model_name]))}
    />
  );

  return (
    <section aria-labelledby="model-analytics-title">
      <h1 id="model-analytics-title" className="mb-4 text-2xl font-bold text-slate-900 dark:text-white">
        Model Analytics
      </h1>
      <ErrorBanner banner={banner} />
      <div className="mb-4 grid gap-3 sm:max-w-3xl sm:grid-cols-2 lg:grid-cols-4" aria-busy={query.isFetching}>
        <DayRangeFields range={range} onChange={changeRange} />
        <UsageFilterFields choice={filter} onChange={setFilter} />
      </div>
      {!isOrderedRange(range) ? (
        <EmptyState text={dashboardTexts.noDataInRange} />
      ) : !analytics ? (
        <div className="space-y-3 text-center">
          <EmptyState text={modelAnalyticsFailedText} />
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : models.length === 0 ? (
        <div className="space-y-4">
          <EmptyState text={dashboardTexts.noModelUsage} />
          {ratingsCard}
        </div>
      ) : (
        <div className="space-y-4">
          <Card title="Totals">
            <Facts
              facts={[
                { label: 'Requests', value: formatCount(analytics.totals.requests) },
                { label: 'Tokens', value: formatCount(analytics.totals.tokens_used) },
                { label: 'Cost', value: formatMoney(analytics.totals.cost) },
                { label: 'Success Rate', value: formatShare(analytics.totals.success_rate) },
                { label: 'Cache Hits', value: formatCount(analytics.totals.cache_hits) },
                { label: 'Savings', value: formatMoney(analytics.totals.savings) },
              ]}
            />
          </Card>
          {narrow ? <ModelAnalyticsCards models={models} /> : <ModelAnalyticsTable models={models} />}
          {ratingsCard}
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, Facts } from '../../admin/components/card';
import { ErrorBanner } from '../../admin/components/error-banner';
import { useErrorBanner } from '../../admin/hooks/use-error-banner';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { useReportFailure } from '../../admin/hooks/use-report-failure';
import { lastThirtyDays } from '../../admin/lib/day-range';
import { formatCount, formatDateTime, formatDay } from '../../admin/lib/format';
import { EmptyState } from '../../dashboard/components/empty-state';
import { downloadBlob } from '../../dashboard/lib/download-file';
import { exportFeedbackCsv } from '../api/feedback-api';
import { useFeedbackStats, useRecentFeedback } from '../hooks/use-feedback';
import { feedbackTexts, formatPositiveShare } from '../lib/ratings';
import { RatingBadge } from './rating-badge';
import { PlanFeatureNote } from '../../billing/components/plan-feature-note';
import { usePlanFeature } from '../../billing/hooks/use-plan-feature';

/** How many of the newest ratings the card lists. */
const recentFeedbackCount = 10;

/** `feedback-<from>-<to>.csv`: the export's days, as the cost-savings file names its own. */
const feedbackFileName = (range: { from: string; to: string }) => `feedback-${range.from}-${range.to}.csv`;

interface UserFeedbackCardProps {
  /** Model names the dashboard already knows, by model id; a model not in it shows its id. */
  modelNames: ReadonlyMap<string, string>;
}

/** The dashboard's summary of the last 30 days' ratings: totals, the newest few and the CSV export. */
export function UserFeedbackCard({ modelNames }: UserFeedbackCardProps) {
  const orgId = useOrganisationId();
  const [range] = useState(() => lastThirtyDays());
  const stats = useFeedbackStats(range);
  const recent = useRecentFeedback(range, recentFeedbackCount);
  const banner = useErrorBanner();
  const [exporting, setExporting] = useState(false);
  useReportFailure(stats.error ?? recent.error, banner.show);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await exportFeedbackCsv(orgId, range);
      downloadBlob(feedbackFileName(range), file.blob);
    } catch (error) {
      banner.show(error);
    } finally {
      setExporting(false);
    }
  };

  const totals = stats.data?.totals;
  const failed = stats.isError || recent.isError;
  // A CSV file is the plan's (docs/decisions/041).
  const csvExports = usePlanFeature('csv_exports');
  return (
    <Card
      title="User Feedback"
      className="lg:col-span-2"
      actions={
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          disabled={exporting || !totals || totals.total === 0 || csvExports.included === false}
        >
          {exporting ? 'Exporting...' : 'Export'}
        </Button>
      }
    >
      <ErrorBanner banner={banner} />
      {csvExports.included === false ? (
        <div className="mb-3">
          <PlanFeatureNote note={csvExports.note} />
        </div>
      ) : null}
      <p className="mb-3 text-xs text-slate-500 dark:text-slate-400">
        Last 30 days ({formatDay(range.from)} to {formatDay(range.to)})
      </p>
      {failed ? (
        <div className="space-y-3 text-center">
          <EmptyState text={feedbackTexts.failed} />
          <Button variant="secondary" onClick={() => void Promise.all([stats.refetch(), recent.refetch()])}>
            Try again
          </Button>
        </div>
      ) : !totals || !recent.data ? (
        <p aria-busy="true" className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          Loading feedback
        </p>
      ) : totals.total === 0 ? (
        <EmptyState text={feedbackTexts.noFeedback} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <Facts
            facts={[
              { label: 'Positive', value: formatCount(totals.positive) },
              { label: 'Neutral', value: formatCount(totals.neutral) },
              { label: 'Negative', value: formatCount(totals.negative) },
              { label: 'Share Positive', value: formatPositiveShare(totals) },
            ]}
          />
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Recent feedback</h3>
            <ul aria-label="Recent feedback" className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {recent.data.map((entry) => {
                const model =
                  entry.model_id === null ? 'Unknown model' : (modelNames.get(entry.model_id) ?? entry.model_id);
                return (
                  <li key={entry.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <span className="min-w-0 font-medium break-all text-slate-900 dark:text-white">{model}</span>
                    <span className="flex items-center gap-2">
                      <RatingBadge rating={entry.feedback} />
                      <time
                        dateTime={entry.created_at}
                        className="text-xs text-slate-500 tabular-nums dark:text-slate-400"
                      >
                        {formatDateTime(entry.created_at)}
                      </time>
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}

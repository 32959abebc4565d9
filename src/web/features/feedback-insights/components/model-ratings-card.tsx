import type { FeedbackStats } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../admin/components/card';
import { formatCount } from '../../admin/lib/format';
import { EmptyState } from '../../dashboard/components/empty-state';
import { feedbackTexts, formatPositiveShare, ratingLabels } from '../lib/ratings';
import { RatingBar } from './rating-bar';

interface ModelRatingsCardProps {
  stats: FeedbackStats | undefined;
  failed: boolean;
  onRetry: () => void;
  /** Model names by id, from the page's analytics; a model not in it shows its id. */
  modelNames: ReadonlyMap<string, string>;
}

/** The server counts ratings of replies from before model ids were kept under 'unknown'. */
const nameOf = (modelNames: ReadonlyMap<string, string>, modelId: string) =>
  modelNames.get(modelId) ?? (modelId === 'unknown' ? 'Unknown model' : modelId);

/** Per model: how users rated its replies over the page's period. */
export function ModelRatingsCard({ stats, failed, onRetry, modelNames }: ModelRatingsCardProps) {
  return (
    <Card title="User Ratings">
      {failed ? (
        <div className="space-y-3 text-center">
          <EmptyState text={feedbackTexts.failed} />
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !stats ? (
        <p aria-busy="true" className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          Loading ratings
        </p>
      ) : stats.by_model.length === 0 ? (
        <EmptyState text={feedbackTexts.noFeedback} />
      ) : (
        <ul aria-label="Ratings by model" className="grid gap-4 md:grid-cols-2">
          {stats.by_model.map((model) => {
            const name = nameOf(modelNames, model.model_id);
            return (
              <li key={model.model_id} aria-label={name} className="min-w-0 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium break-all text-slate-900 dark:text-white">{name}</span>
                  <span className="text-slate-600 tabular-nums dark:text-slate-300">
                    {formatPositiveShare(model)} positive
                  </span>
                </div>
                <RatingBar label={`${name} ratings`} counts={model} />
                <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-400">
                  {(['positive', 'neutral', 'negative'] as const).map((rating) => (
                    <div key={rating} className="flex gap-1">
                      <dt>{ratingLabels[rating]}</dt>
                      <dd className="tabular-nums">{formatCount(model[rating])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

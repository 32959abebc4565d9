import type { FeedbackRating } from '@contracts';
import { ratingLabels } from '../lib/ratings';

const ratingStyles: Record<FeedbackRating, string> = {
  positive: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  negative: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

export function RatingBadge({ rating }: { rating: FeedbackRating }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ratingStyles[rating]}`}>
      {ratingLabels[rating]}
    </span>
  );
}

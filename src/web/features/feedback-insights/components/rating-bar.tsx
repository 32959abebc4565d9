import { feedbackRatings, type FeedbackRating } from '@contracts';
import type { RatingCounts } from '../lib/ratings';

const segmentColours: Record<FeedbackRating, string> = {
  positive: 'bg-green-500',
  neutral: 'bg-slate-400',
  negative: 'bg-red-500',
};

/** One bar split into the positive, neutral and negative shares of a model's ratings. */
export function RatingBar({ label, counts }: { label: string; counts: RatingCounts }) {
  const description = `${counts.positive} positive, ${counts.neutral} neutral, ${counts.negative} negative`;
  return (
    <div
      role="img"
      aria-label={`${label}: ${description}`}
      className="mt-1 flex h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      {counts.total === 0
        ? null
        : feedbackRatings.map((rating) => (
            <div
              key={rating}
              className={segmentColours[rating]}
              style={{ width: `${(counts[rating] / counts.total) * 100}%` }}
            />
          ))}
    </div>
  );
}

import type { FeedbackRating } from '@contracts';

export interface RatingCounts {
  positive: number;
  neutral: number;
  negative: number;
  total: number;
}

export const ratingLabels: Record<FeedbackRating, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** The positive share with one decimal, '—' before any rating (0% would claim everyone disliked it). */
export function formatPositiveShare(counts: RatingCounts): string {
  return counts.total === 0 ? '—' : `${((counts.positive / counts.total) * 100).toFixed(1)}%`;
}

/** Texts of the feedback cards (the spec names none). */
export const feedbackTexts = {
  noFeedback: 'No feedback yet for this period.',
  failed: 'Feedback could not be loaded.',
} as const;

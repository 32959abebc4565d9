import { z } from 'zod';
import { requiredText } from './auth';
import { messages } from './messages';

export const feedbackRatings = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/** POST /feedback: a rating of one reply (its selection_id, from the stream metadata), once. */
export const submitFeedbackRequestSchema = z.object({
  selection_id: requiredText(messages.selectionIdRequired),
  org_id: requiredText(messages.organizationIdRequired),
  user_id: requiredText(messages.userIdRequired),
  feedback: z.enum(feedbackRatings, { error: messages.feedbackRequired }),
});

export const feedbackSchema = z.object({
  id: z.string(),
  selection_id: z.string().nullable(),
  org_id: z.string(),
  user_id: z.string(),
  model_id: z.string().nullable(),
  feedback: z.enum(feedbackRatings),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

const ratingCounts = { positive: z.number().int(), neutral: z.number().int(), negative: z.number().int(), total: z.number().int() };
export const feedbackStatsSchema = z.object({
  by_date: z.array(z.object({ date: z.string(), ...ratingCounts })),
  by_model: z.array(z.object({ model_id: z.string(), ...ratingCounts })),
});
export type FeedbackStats = z.infer<typeof feedbackStatsSchema>;

/** ?period of stats and export: the last N days ('7d', '30d', '90d'), or everything when absent. */
export const feedbackPeriodPattern = /^(\d{1,4})d$/;

/** POST /feedback/export/{orgId}. The spec leaves the body open; these are its fields. */
export const feedbackExportRequestSchema = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  period: z.string().regex(feedbackPeriodPattern).optional(),
  user_id: z.string().optional(),
});

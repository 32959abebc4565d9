import { z } from 'zod';
import { feedbackIdSchema, organisationIdSchema, selectionIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { pageNumber } from './organisations';
import { calendarDaySchema } from './routing';

export const feedbackRatings = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/** POST /feedback: a rating of one reply (its selection_id, from the stream metadata), once. */
export const submitFeedbackRequestSchema = z.object({
  selection_id: selectionIdSchema,
  org_id: organisationIdSchema,
  user_id: userIdSchema,
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

const ratingCounts = {
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
  total: z.number().int(),
};
export const feedbackStatsSchema = z.object({
  by_date: z.array(z.object({ date: z.string(), ...ratingCounts })),
  by_model: z.array(z.object({ model_id: z.string(), ...ratingCounts })),
  /** Every rating of the period, for the dashboard's summary. */
  totals: z.object(ratingCounts),
});
export type FeedbackStats = z.infer<typeof feedbackStatsSchema>;

/** ?period of stats and export: the last N days ('7d', '30d', '90d'), or everything when absent. */
export const feedbackPeriodPattern = /^(\d{1,4})d$/;

const periodSchema = z
  .string({ error: messages.invalidPeriod })
  .regex(feedbackPeriodPattern, { error: messages.invalidPeriod });

/**
 * ?from&to: UTC calendar days, both included, as the analytics screens choose them; either end
 * may be left open. With `period` as well, a rating must fall in both.
 */
const dayBounds = { from: calendarDaySchema.optional(), to: calendarDaySchema.optional() };

/** POST /feedback/export/{orgId}. The spec leaves the body open; these are its fields. */
export const feedbackExportRequestSchema = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  period: periodSchema.optional(),
  ...dayBounds,
  user_id: userIdSchema.optional(),
});

/** Paths naming the caller's organisation, and one feedback. */
export const feedbackOrganisationPathSchema = z.object({ orgId: organisationIdSchema });
export const feedbackPathSchema = z.object({ id: feedbackIdSchema });
/**
 * GET /feedback/history/{orgId}?userId&period&from&to&limit: one user (admins), the last N days or
 * a range of days, and only the newest `limit` ratings; all optional.
 */
export const feedbackHistoryQuerySchema = z.object({
  userId: userIdSchema.optional(),
  period: periodSchema.optional(),
  ...dayBounds,
  limit: pageNumber('Limit', 100).optional(),
});
export const feedbackStatsQuerySchema = z.object({ period: periodSchema.optional(), ...dayBounds });
/** The time window of a history, stats or export call. */
export type FeedbackWindow = { period?: string; from?: string; to?: string };
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema) });

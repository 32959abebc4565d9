import { z } from 'zod';
import { feedbackIdSchema, organisationIdSchema, selectionIdSchema, userIdSchema } from './ids';
import { messages } from './messages';

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

const ratingCounts = { positive: z.number().int(), neutral: z.number().int(), negative: z.number().int(), total: z.number().int() };
export const feedbackStatsSchema = z.object({
  by_date: z.array(z.object({ date: z.string(), ...ratingCounts })),
  by_model: z.array(z.object({ model_id: z.string(), ...ratingCounts })),
});
export type FeedbackStats = z.infer<typeof feedbackStatsSchema>;

/** ?period of stats and export: the last N days ('7d', '30d', '90d'), or everything when absent. */
export const feedbackPeriodPattern = /^(\d{1,4})d$/;

const periodSchema = z.string({ error: messages.invalidPeriod }).regex(feedbackPeriodPattern, { error: messages.invalidPeriod });

/** POST /feedback/export/{orgId}. The spec leaves the body open; these are its fields. */
export const feedbackExportRequestSchema = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  period: periodSchema.optional(),
  user_id: userIdSchema.optional(),
});

/** Paths naming the caller's organisation, and one feedback. */
export const feedbackOrganisationPathSchema = z.object({ orgId: organisationIdSchema });
export const feedbackPathSchema = z.object({ id: feedbackIdSchema });
/** GET /feedback/history/{orgId}?userId&period: one user (admins) and the last N days, both optional. */
export const feedbackHistoryQuerySchema = z.object({ userId: userIdSchema.optional(), period: periodSchema.optional() });
export const feedbackStatsQuerySchema = z.object({ period: periodSchema.optional() });
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema) });

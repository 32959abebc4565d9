import { z } from 'zod';
import { requiredText } from './auth';
import { messages } from './messages';

/** GET /tokens/usage/{userId}/{month}/monthly: one user's usage in a calendar month (UTC). */
export const monthlyUsageSchema = z.object({
  user_id: z.string(),
  month: z.string(),
  total_tokens: z.number().int(),
  total_cost: z.number(),
  monthly_usage: z.array(
    z.object({ model_id: z.string(), tokens_used: z.number().int(), cost: z.number(), requests: z.number().int() }),
  ),
});
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** POST /tokens/validate: may this user send this many tokens to this model now? */
export const validateTokensRequestSchema = z.object({
  org_id: requiredText(messages.organizationIdRequired),
  user_id: requiredText(messages.userIdRequired),
  model_id: requiredText(messages.modelIdRequired),
  token_count: z.number({ error: messages.tokenCountRequired }).int().min(0),
});
export const validateTokensResponseSchema = z.object({ valid: z.boolean(), message: z.string() });

/** GET /tokens/estimate/{modelId}?tokenCount: the input cost of that many tokens on the model. */
export const tokenEstimateSchema = z.object({ model_id: z.string(), token_count: z.number().int(), cost: z.number() });

/** POST /tokens/usage as the web app sends it; acknowledged, not recorded (the server records usage). */
export const reportedUsageSchema = z.object({
  userId: requiredText(messages.userIdRequired),
  modelId: z.string().optional(),
  tokensUsed: z.number().optional(),
  cost: z.number().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
});

import { z } from 'zod';
import { modelIdSchema } from './conversation';
import { organisationIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { text } from './text-rules';

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
  org_id: organisationIdSchema,
  user_id: userIdSchema,
  model_id: modelIdSchema('Model ID', messages.modelIdRequired),
  token_count: z
    .number({ error: messages.tokenCountRequired })
    .int({ error: messages.tokenCountRequired })
    .min(0, { error: messages.tokenCountRequired }),
});
export const validateTokensResponseSchema = z.object({ valid: z.boolean(), message: z.string() });

/** GET /tokens/estimate/{modelId}?tokenCount: the input cost of that many tokens on the model. */
export const tokenEstimateSchema = z.object({ model_id: z.string(), token_count: z.number().int(), cost: z.number() });

/** POST /tokens/usage as the web app sends it; acknowledged, not recorded (the server records usage). */
export const reportedUsageSchema = z.object({
  userId: userIdSchema,
  modelId: modelIdSchema('Model ID').optional(),
  tokensUsed: z.number().optional(),
  cost: z.number().optional(),
  timestamp: z.union([text({ label: 'Timestamp', max: 100 }), z.number()]).optional(),
});
export const reportedUsageResponseSchema = z.object({ recorded: z.boolean(), message: z.string() });

/** GET /tokens/usage/{userId}/{month}/monthly. */
export const monthlyUsagePathSchema = z.object({
  userId: userIdSchema,
  month: z.string().regex(monthPattern, { error: messages.invalidMonth }),
});

/** GET /tokens/estimate/{modelId}?tokenCount: a whole number of tokens, at most 15 digits. */
export const tokenEstimatePathSchema = z.object({ modelId: modelIdSchema('Model ID', messages.modelIdRequired) });
export const tokenEstimateQuerySchema = z.object({
  tokenCount: z
    .string({ error: messages.tokenCountRequired })
    .regex(/^\d{1,15}$/, { error: messages.tokenCountRequired })
    .transform(Number),
});

import { z } from 'zod';
import { requiredText } from './auth';
import { feedbackRatings } from './feedback';
import { routeInfoSchema } from './routing';
import { messages } from './messages';

/**
 * A reply is 'streaming' while it is being written (its text so far is saved about every second),
 * 'interrupted' when its server stopped before it finished (the text saved until then), 'partial'
 * when it was stopped or failed after some text, 'failed' when no text arrived.
 */
export const chatMessageStatuses = ['complete', 'partial', 'failed', 'streaming', 'interrupted'] as const;

/** Tokens and cost recorded for one assistant reply. */
export const replyUsageSchema = z.object({
  input_tokens: z.number().int(),
  cached_input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number(),
  latency_ms: z.number().int(),
  time_to_first_token_ms: z.number().int().nullable(),
  estimated: z.boolean(),
});
export type ReplyUsage = z.infer<typeof replyUsageSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  model: z.string().nullable(),
  status: z.enum(chatMessageStatuses),
  tokens_used: z.number().int(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  usage: replyUsageSchema.nullable(),
  /** The caller's own rating of this reply, null when not rated (feedback is given once). */
  feedback: z.enum(feedbackRatings).nullable(),
  /** A reply's latest routing decision: what feedback is given for, and how it was routed. */
  selection_id: z.string().nullable(),
  route: routeInfoSchema.nullable(),
});
export type ChatMessageView = z.infer<typeof chatMessageSchema>;

export const chatSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatSessionView = z.infer<typeof chatSessionSchema>;

export const chatSessionWithMessagesSchema = chatSessionSchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatSessionWithMessages = z.infer<typeof chatSessionWithMessagesSchema>;

export const renameSessionRequestSchema = z.object({ title: requiredText(messages.titleRequired).max(200) });
export const editMessageRequestSchema = z.object({ content: requiredText(messages.contentRequired).max(200_000) });

/**
 * A model the caller may use. `max_tokens` is the limit the server enforces on one prompt
 * (estimated tokens, length / 4): the role's per-request limit, capped by the model's context
 * window less the room kept for the reply; for admin-named roles, that room alone.
 */
export const chatModelSchema = z.object({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  max_tokens: z.number().int(),
});
export type ChatModel = z.infer<typeof chatModelSchema>;
export const chatModelsResponseSchema = z.object({ models: z.array(chatModelSchema) });

/** Spec section 9: the first 30 characters of the prompt followed by '...'. */
export function sessionTitleFromPrompt(prompt: string): string {
  return `${prompt.trim().slice(0, 30)}...`;
}

/** Spec section 5: tokens are estimated as the text length divided by 4, rounded up. */
export function estimatePromptTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

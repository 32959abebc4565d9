import { z } from 'zod';
import { replyFinishReasons } from './conversation';
import { feedbackRatings } from './feedback';
import { routeInfoSchema } from './routing';
import { messageIdSchema, organisationIdSchema, sessionIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { text } from './text-rules';
import { modelLimitUsageSchema } from './usage-limits';

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

/** An earlier answer of a reply that was asked again, with the prompt it answered (oldest first). */
export const replyVersionSchema = z.object({
  prompt: z.string(),
  content: z.string(),
  model: z.string().nullable(),
  status: z.enum(chatMessageStatuses),
  tokens_used: z.number().int(),
  created_at: z.string(),
  cost_usd: z.number().nullable(),
  finish_reason: z.enum(replyFinishReasons).nullable(),
});
export type ReplyVersionView = z.infer<typeof replyVersionSchema>;

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
  /** Why a reply's model stopped ('length': cut off at its token limit); null when not recorded (cache hits, older replies). */
  finish_reason: z.enum(replyFinishReasons).nullable().optional(),
  /** A reply's earlier answers, oldest first; the message itself is the newest. Absent on user messages. */
  versions: z.array(replyVersionSchema).optional(),
  /**
   * A user message's versions (an edit asked again makes one; docs/decisions/054): which is shown,
   * from 1, and how many there are. Each version keeps the turns that followed it. Absent on replies.
   */
  version: z.number().int().min(1).optional(),
  version_count: z.number().int().min(1).optional(),
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

export const renameSessionRequestSchema = z.object({
  title: text({ label: 'Title', max: 200, required: messages.titleRequired }),
});
export const renameSessionResponseSchema = z.object({ success: z.boolean(), title: z.string() });
export const editMessageRequestSchema = z.object({
  content: text({ label: 'Content', max: 200_000, kind: 'verbatim', required: messages.contentRequired }),
});
/** Shows one version (from 1) of an edited user message, with the turns that followed it. */
export const showMessageVersionRequestSchema = z.object({
  version: z
    .number({ error: 'Version must be a whole number from 1' })
    .int('Version must be a whole number from 1')
    .min(1, 'Version must be a whole number from 1'),
});
export type ShowMessageVersionRequest = z.infer<typeof showMessageVersionRequestSchema>;
export const editMessageResponseSchema = z.object({ success: z.boolean(), message: chatMessageSchema });

/** Paths naming one session or one message of the caller, and the caller's own lists. */
export const sessionPathSchema = z.object({ id: sessionIdSchema });
export const messagePathSchema = z.object({ id: messageIdSchema });
export const sessionOwnerPathSchema = z.object({ orgId: organisationIdSchema, userId: userIdSchema });
export const sessionListResponseSchema = z.object({ sessions: z.array(chatSessionSchema) });
export const deleteAllSessionsResponseSchema = z.object({ success: z.boolean(), deletedCount: z.number().int() });

/** GET /conversation/session/{id}/export: signed download links, valid for five minutes. */
export const exportLinksResponseSchema = z.object({
  url: z.string(),
  markdown_url: z.string(),
  json_url: z.string(),
  expires_at: z.string(),
});
/** The signed grant of a download link; checked by its signature, so any other value is a 403. */
export const exportDownloadQuerySchema = z.object({
  format: z.string().max(20).optional(),
  org: z.string().max(100).optional(),
  user: z.string().max(100).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/**
 * A model the caller may use. `max_tokens` is the limit the server enforces on one prompt
 * (estimated tokens, length / 4): the role's per-request limit and the organisation's
 * max_tokens_per_request, the smaller, capped by the model's context window less the room kept
 * for the reply (admin-named roles have no role limit). Replies are held to the same limit.
 */
export const maxTokensBounds = ['model', 'organisation', 'role'] as const;
export type MaxTokensBound = (typeof maxTokensBounds)[number];

export const chatModelSchema = z.object({
  model_id: z.string(),
  name: z.string(),
  provider: z.string(),
  max_tokens: z.number().int(),
  /**
   * Which bound `max_tokens` is, so people can be told why: the model's context window less its
   * reply room, the organisation's max_tokens_per_request, or the role's per-request limit.
   */
  max_tokens_limited_by: z.enum(maxTokensBounds).optional(),
  /** The caller's monthly limits on this model and how much of them is taken; absent when unlimited (admins). */
  limits: modelLimitUsageSchema.optional(),
});
export type ChatModel = z.infer<typeof chatModelSchema>;
export const chatModelsResponseSchema = z.object({
  models: z.array(chatModelSchema),
  /**
   * Where the model selector starts: the caller's own default model, else the organisation's,
   * while open to them; null is Auto (the router chooses). Absent reads as Auto.
   */
  default_model_id: z.string().nullable().default(null),
});
export type ChatModelsResponse = z.infer<typeof chatModelsResponseSchema>;

/**
 * GET /conversation/local-model: where the embedded model is on its way to answering, so the chat
 * can say it is loading (its first reply after a start waits for it) instead of only 'Thinking'.
 */
export const localModelStatusSchema = z.object({
  state: z.enum(['disabled', 'not_loaded', 'preparing', 'loading', 'ready', 'failed']),
  /** Share loaded (0..1) while loading; null otherwise. */
  progress: z.number().min(0).max(1).nullable(),
});
export type LocalModelStatusResponse = z.infer<typeof localModelStatusSchema>;

/** Spec section 9: the first 30 characters of the prompt followed by '...'. */
export function sessionTitleFromPrompt(prompt: string): string {
  // Characters, not UTF-16 units, so an emoji is never cut in half; and one line, like every title.
  const start = Array.from(prompt.trim()).slice(0, 30).join('');
  return `${start.replace(/\r\n|[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')}...`;
}

/** Spec section 5: tokens are estimated as the text length divided by 4, rounded up. */
export function estimatePromptTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

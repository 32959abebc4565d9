import { z } from 'zod';
import { isUuid, messageIdSchema, organisationIdSchema, sessionIdSchema, userIdSchema } from './ids';
import { messages } from './messages';
import { text } from './text-rules';
import { deadlineKinds, routeInfoSchema } from './routing';

/** The spec's prompt limit: 200,000 characters (a model's own token limit is checked later). */
export const promptSchema = text({
  label: 'Prompt',
  max: 200_000,
  kind: 'verbatim',
  required: messages.promptRequired,
});

/** A catalog model id such as 'openai/gpt-4o-mini'. */
export const modelIdSchema = (label = 'Model', required?: string) => text({ label, max: 200, required });

/** Ids the web app gives sessions not yet saved (spec section 3); they start a new session. */
export const temporarySessionIdPattern = /^(temp-|new_)/;

/** A saved session's id, or a temporary one. */
const sessionReferenceSchema = text({ label: 'Session ID', max: 100 }).refine(
  (id) => id === '' || isUuid(id) || temporarySessionIdPattern.test(id),
  {
    error: 'Session ID must be a UUID.',
  },
);

/** POST /conversation/message. `session_id` absent (or a temporary `temp-`/`new_` id) starts a session. */
export const sendMessageRequestSchema = z.object({
  org_id: organisationIdSchema,
  user_id: userIdSchema,
  prompt: promptSchema,
  session_id: sessionReferenceSchema.nullish(),
  forced_model_id: modelIdSchema().nullish(),
  stream: z.boolean().default(true),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** POST /conversation/start: a new session with its first reply, answered as JSON. */
export const startConversationRequestSchema = z.object({
  org_id: organisationIdSchema,
  user_id: userIdSchema,
  prompt: promptSchema,
  forced_model_id: modelIdSchema().nullish(),
});

/**
 * POST /conversation/regenerate: answers the user message before `message_id` again. The model
 * must be named ('Model is required' when absent); null is Auto, the router chooses as for a message.
 * With `content`, the user message is edited to it first and the edited prompt is answered (the
 * reply's earlier answer is kept as a version).
 */
export const regenerateRequestSchema = z.object({
  message_id: messageIdSchema,
  session_id: sessionIdSchema,
  forced_model_id: modelIdSchema('Model', messages.modelRequired).nullable(),
  content: text({ label: 'Content', max: 200_000, kind: 'verbatim', required: messages.contentRequired }).optional(),
  stream: z.boolean().default(true),
});
export type RegenerateRequest = z.infer<typeof regenerateRequestSchema>;

/**
 * Why a reply's model stopped: 'stop' it was done; 'length' it reached its token limit, so the
 * reply is cut off; 'content-filter' the provider withheld the rest; 'aborted' it was stopped.
 */
export const replyFinishReasons = ['stop', 'length', 'content-filter', 'tool-calls', 'aborted', 'other'] as const;
export type ReplyFinishReason = (typeof replyFinishReasons)[number];

/** The stream metadata of spec section 3, sent once at the end of every streamed reply. */
export const streamMetadataSchema = z.object({
  usr_msg_id: z.string(),
  assistant_msg_id: z.string(),
  session_id: z.string(),
  created_at: z.string(),
  primary_model: z.string(),
  backup_model: z.string().nullable(),
  tokens_used: z.number().int().min(0),
  /** The id feedback is given for: the routing decision behind this reply. */
  selection_id: z.string(),
  user_id: z.string(),
  /** Beyond the spec's fields: how the reply was routed and what it cost against the reference model. */
  route: routeInfoSchema.optional(),
  /** Beyond the spec's fields: why the model stopped; absent for a reply from the cache. */
  finish_reason: z.enum(replyFinishReasons).optional(),
});
export type StreamMetadata = z.infer<typeof streamMetadataSchema>;

/** POST /conversation/start, and the chat calls with `stream: false`: the whole reply with its metadata. */
export const completeReplySchema = streamMetadataSchema.extend({ message: z.string() });

/** A model call stopped because one of its deadlines passed (docs/decisions/038): which one, and how long it was. */
export const passedDeadlineSchema = z.object({ kind: z.enum(deadlineKinds), ms: z.number() });
export type PassedDeadline = z.infer<typeof passedDeadlineSchema>;

/** A failure after the first byte: the stream ends with this instead of the metadata. */
export const streamErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Set when the model fell silent past the policy's deadline. */
  deadline: passedDeadlineSchema.optional(),
});
export type StreamError = z.infer<typeof streamErrorSchema>;

/**
 * Stream framing of /conversation/message and /conversation/regenerate (text/plain, chunked):
 * the reply text as it is generated, then exactly one of
 *   "\n[META]{json StreamMetadata}\n"   (the reply is complete, or was stopped and kept)
 *   "\n[ERROR]{json StreamError}\n"     (it failed after the first byte; the partial text is kept)
 * Failures before the first byte are ordinary JSON error answers with a status.
 */
export const streamMarkers = { meta: '\n[META]', error: '\n[ERROR]' } as const;

export function formatMetaLine(metadata: StreamMetadata): string {
  return `${streamMarkers.meta}${JSON.stringify(metadata)}\n`;
}

export function formatErrorLine(error: StreamError): string {
  return `${streamMarkers.error}${JSON.stringify(error)}\n`;
}

export type ParsedStream =
  | { text: string; metadata: StreamMetadata; error?: undefined }
  | { text: string; error: StreamError; metadata?: undefined }
  | { text: string; metadata?: undefined; error?: undefined };

/** Splits a whole streamed body into the reply text and its closing line (if any arrived). */
export function parseStreamBody(body: string): ParsedStream {
  for (const [kind, marker] of Object.entries(streamMarkers) as ['meta' | 'error', string][]) {
    const at = body.lastIndexOf(marker);
    if (at < 0) continue;
    const json = body.slice(at + marker.length).trim();
    const text = body.slice(0, at);
    const parsed =
      kind === 'meta' ? streamMetadataSchema.safeParse(safeJson(json)) : streamErrorSchema.safeParse(safeJson(json));
    if (!parsed.success) continue;
    return kind === 'meta'
      ? { text, metadata: parsed.data as StreamMetadata }
      : { text, error: parsed.data as StreamError };
  }
  return { text: body };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

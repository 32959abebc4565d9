import { z } from 'zod';

// POST /v1/chat/completions in OpenAI's wire format (issue 23; docs/decisions/055): the request a
// program's OpenAI client sends. Parameters OpenAI defines that the product cannot honour are
// refused naming them (`param`), never dropped.

export const programChatMessages = {
  unsupportedParameter: (param: string, model: string) =>
    `The model '${model}' does not support '${param}'. Leave it out or name another model.`,
  noCapableModel: (param: string) =>
    `None of the models this API key may use supports '${param}'. Leave it out or ask an administrator for such a model.`,
  onlyOneChoice: "Only one choice is generated per request: 'n' must be 1.",
  unknownToolCall: (id: string) => `No earlier assistant message has a tool call with id '${id}'.`,
  noUserMessage: 'messages must contain at least one user message.',
  unsupportedValue: (param: string) => `'${param}' is not supported by this endpoint.`,
  modelNotAllowed: (model: string) => `This API key's role does not allow the model '${model}'.`,
} as const;

const longText = z.string().max(1_000_000);
const textPart = z.object({ type: z.literal('text'), text: longText });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({
    url: z
      .string()
      .max(20_000_000)
      .refine((url) => /^(https?:\/\/|data:image\/[\w.+-]+;base64,)/.test(url), {
        error: 'image_url.url must be an http(s) URL or a base64 data URL of an image',
      }),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
});
const textContent = z.union([longText, z.array(textPart)]);

const toolCall = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1).max(200), arguments: z.string().max(1_000_000) }),
});

export const chatCompletionMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: textContent, name: z.string().optional() }),
  z.object({
    role: z.literal('user'),
    content: z.union([longText, z.array(z.discriminatedUnion('type', [textPart, imagePart]))]),
    name: z.string().optional(),
  }),
  z.object({
    role: z.literal('assistant'),
    content: textContent.nullable().optional(),
    tool_calls: z.array(toolCall).optional(),
    name: z.string().optional(),
    refusal: z.string().nullable().optional(),
  }),
  z.object({ role: z.literal('tool'), content: textContent, tool_call_id: z.string().min(1).max(200) }),
]);
export type ChatCompletionMessage = z.infer<typeof chatCompletionMessageSchema>;

const jsonSchemaObject = z.record(z.string(), z.unknown());

export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(chatCompletionMessageSchema).min(1).max(10_000),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  tools: z
    .array(
      z.object({
        type: z.literal('function'),
        function: z.object({
          name: z.string().regex(/^[\w-]{1,64}$/, { error: 'tool names are 1-64 letters, digits, _ or -' }),
          description: z.string().max(10_000).optional(),
          parameters: jsonSchemaObject.optional(),
          strict: z.boolean().nullable().optional(),
        }),
      }),
    )
    .max(128)
    .optional(),
  tool_choice: z
    .union([
      z.enum(['none', 'auto', 'required']),
      z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1).max(64) }) }),
    ])
    .optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('text') }),
      z.object({ type: z.literal('json_object') }),
      z.object({
        type: z.literal('json_schema'),
        json_schema: z.object({
          name: z.string().min(1).max(64),
          description: z.string().max(10_000).optional(),
          schema: jsonSchemaObject.optional(),
          strict: z.boolean().nullable().optional(),
        }),
      }),
    ])
    .optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  max_tokens: z.number().int().positive().nullable().optional(),
  max_completion_tokens: z.number().int().positive().nullable().optional(),
  stop: z
    .union([z.string().min(1).max(1_000), z.array(z.string().min(1).max(1_000)).max(4)])
    .nullable()
    .optional(),
  seed: z.number().int().nullable().optional(),
  user: z.string().max(1_000).optional(),
  n: z.number().int().positive().nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  logprobs: z.boolean().nullable().optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** What a chat completion used, in OpenAI's shape. */
export interface ChatCompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
}

/** POST /v1/decisions/{decision_id}/rating: a program rates an answer as a person rates a reply in the chat. */
export const programRatingPathSchema = z.object({ decision_id: z.uuid({ error: 'decision_id must be a UUID' }) });
export const programRatingRequestSchema = z.object({
  rating: z.enum(['positive', 'neutral', 'negative'], { error: 'rating must be positive, neutral or negative' }),
});

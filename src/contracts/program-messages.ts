import { z } from 'zod';

// POST /v1/messages in Anthropic's wire format (issue 23; docs/decisions/055).

const longText = z.string().max(1_000_000);
const textBlock = z.object({ type: z.literal('text'), text: longText });
const imageBlock = z.object({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('base64'),
      media_type: z.string().regex(/^image\/[\w.+-]+$/, { error: 'media_type must be an image type' }),
      data: z.string().max(20_000_000),
    }),
    z.object({ type: z.literal('url'), url: z.url({ protocol: /^https?$/ }) }),
  ]),
});
const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  input: z.unknown(),
});
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1).max(200),
  content: z.union([longText, z.array(textBlock)]).optional(),
  is_error: z.boolean().optional(),
});
const block = z.discriminatedUnion('type', [textBlock, imageBlock, toolUseBlock, toolResultBlock]);
export type AnthropicContentBlock = z.infer<typeof block>;

export const anthropicMessagesRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  max_tokens: z.number().int().positive(),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.union([longText, z.array(block)]) }))
    .min(1)
    .max(10_000),
  system: z.union([longText, z.array(textBlock)]).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().positive().optional(),
  stop_sequences: z.array(z.string().min(1).max(1_000)).max(16).optional(),
  tools: z
    .array(
      z.object({
        name: z.string().regex(/^[\w-]{1,64}$/, { error: 'tool names are 1-64 letters, digits, _ or -' }),
        description: z.string().max(10_000).optional(),
        input_schema: z.record(z.string(), z.unknown()),
      }),
    )
    .max(128)
    .optional(),
  tool_choice: z
    .object({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().max(64).optional() })
    .optional(),
  metadata: z.object({ user_id: z.string().max(256).optional() }).optional(),
});
export type AnthropicMessagesRequest = z.infer<typeof anthropicMessagesRequestSchema>;

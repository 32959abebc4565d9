import { z } from 'zod';

// The /v1 endpoints for programs speak OpenAI's and Anthropic's wire formats, so their SDKs work by
// changing the base URL and key (issue 23; docs/decisions/050).

/** The id a program names to let the router choose the model, as the chat's Auto does. */
export const automaticModelId = 'auto';

/** One entry of GET /v1/models, in OpenAI's shape. */
export const programModelSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  /** Unix seconds: the date the catalog's prices for the model were checked. */
  created: z.number().int(),
  owned_by: z.string(),
});
export type ProgramModel = z.infer<typeof programModelSchema>;

export const programModelListSchema = z.object({ object: z.literal('list'), data: z.array(programModelSchema) });
export type ProgramModelList = z.infer<typeof programModelListSchema>;

/** GET /v1/models/{model}: the model id as the path has it (ids hold a '/'). */
export const programModelPathSchema = z.object({ model: z.string().min(1).max(200) });

/** OpenAI's error body, which its SDKs read (`error.code`, `error.type`, `error.param`). */
export const openAiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiErrorBody = z.infer<typeof openAiErrorSchema>;

/** Anthropic's error body, which its SDKs read (`error.type`). */
export const anthropicErrorSchema = z.object({
  type: z.literal('error'),
  error: z.object({ type: z.string(), message: z.string() }),
});
export type AnthropicErrorBody = z.infer<typeof anthropicErrorSchema>;

import { z } from 'zod';

// POST /v1/embeddings in OpenAI's wire format (issue 23; docs/decisions/060).

/** The most texts one request may carry (OpenAI's own limit). */
export const maxEmbeddingInputs = 2048;
/** The most characters one text may have; a text must also fit the model's input window. */
export const maxEmbeddingInputCharacters = 100_000;
/** The most tokens (estimated) all the texts of one request may carry together (OpenAI's limit). */
export const maxEmbeddingRequestTokens = 300_000;
/** The longest vector a request may ask for. */
export const maxEmbeddingDimensions = 4096;

export const programEmbeddingMessages = {
  inputTooLong: (index: number, tokens: number, limit: number, model: string) =>
    `Input ${index} has about ${tokens} tokens; the model '${model}' takes at most ${limit} per input. Shorten or split it.`,
  requestTooLarge: (tokens: number) =>
    `The inputs have about ${tokens} tokens together; one request may carry at most ${maxEmbeddingRequestTokens}. Send them in smaller batches.`,
  dimensionsNotSupported: (model: string) =>
    `The model '${model}' does not support 'dimensions'. Leave it out or name another model.`,
  dimensionsTooLarge: (model: string, largest: number) =>
    `The model '${model}' makes vectors of at most ${largest} dimensions: 'dimensions' must be 1 to ${largest}.`,
  notAnEmbeddingModel: (model: string) =>
    `The model '${model}' does not make embeddings. Name an embedding model, e.g. 'openai/text-embedding-3-small'.`,
  noSuchModel: (model: string) => `The model '${model}' does not exist or is not available to this organisation.`,
} as const;

const text = z
  .string()
  .min(1, { error: 'input must not contain empty strings' })
  .max(maxEmbeddingInputCharacters, {
    error: `each input may have at most ${maxEmbeddingInputCharacters} characters`,
  });

export const embeddingsRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([
    text,
    z
      .array(text)
      .min(1, { error: 'input must contain at least one string' })
      .max(maxEmbeddingInputs, { error: `input may contain at most ${maxEmbeddingInputs} strings` }),
  ]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).max(maxEmbeddingDimensions).optional(),
  user: z.string().max(256).optional(),
});
export type EmbeddingsRequest = z.infer<typeof embeddingsRequestSchema>;

/** The answer: one embedding per input, in order (`embedding` a base64 string of little-endian float32 when asked). */
export interface EmbeddingsResponse {
  object: 'list';
  data: { object: 'embedding'; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

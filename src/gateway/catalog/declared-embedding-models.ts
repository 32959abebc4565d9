import { z } from 'zod';
import { modelCatalogSchema } from './catalog-schema';
import { embeddingModel, type EmbeddingModel } from './embedding-models';

const declaredEmbeddingModelSchema = z.strictObject({
  /** The model's name on the server, as its /v1/embeddings takes it. */
  id: z
    .string({ error: 'must be the model name the server knows' })
    .trim()
    .min(1, { error: 'must be the model name the server knows' })
    .max(200),
  name: z.string().trim().min(1).max(200).optional(),
  input_price_per_million: z
    .number({ error: 'must be a number of dollars per million tokens' })
    .min(0, { error: 'must be 0 or more' }),
  /** The most tokens one input may carry. */
  context_window: z
    .number({ error: 'must be a whole number of tokens' })
    .int({ error: 'must be a whole number of tokens' })
    .positive({ error: 'must be more than 0' }),
  /** The model's vector length. */
  dimensions: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(4096, { error: 'must be 4096 or less' }),
  /** Whether the server shortens vectors on request (OpenAI's `dimensions`). */
  accepts_dimensions: z.boolean().default(false),
  prices_as_of: z.iso.date({ error: 'must be a date, e.g. 2025-08-01' }).optional(),
});

export type DeclaredEmbeddingModels =
  | { models: EmbeddingModel[]; problems?: undefined }
  | { models?: undefined; problems: string[] };

/**
 * The embedding models an operator declares for its OpenAI-compatible server
 * (OPENAI_COMPATIBLE_EMBEDDING_MODELS): a JSON array of { id, name?, input_price_per_million,
 * context_window, dimensions, accepts_dimensions?, prices_as_of? }, as 'openai-compatible/<id>'
 * with the characters ids may not hold turned into '-'. Every problem is named with its place.
 */
export function parseDeclaredEmbeddingModels(json: string, today: string): DeclaredEmbeddingModels {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { problems: ['must be a JSON array of models, e.g. [{"id":"nomic-embed-text","dimensions":768,...}]'] };
  }
  const declared = z.array(declaredEmbeddingModelSchema, { error: 'must be a JSON array of models' }).safeParse(raw);
  if (!declared.success) return { problems: declared.error.issues.map(describeIssue) };
  const models = declared.data.map((model) =>
    embeddingModel({
      id: `openai-compatible/${model.id.replace(/[^\w.:-]/g, '-')}`,
      provider: 'openai-compatible',
      providerModelId: model.id,
      displayName: model.name ?? model.id,
      contextWindow: model.context_window,
      inputPricePerMillion: model.input_price_per_million,
      defaultDimensions: model.dimensions,
      acceptsDimensions: model.accepts_dimensions,
      pricesAsOf: model.prices_as_of ?? today,
    }),
  );
  const checked = modelCatalogSchema.safeParse(models);
  if (!checked.success) return { problems: checked.error.issues.map(describeIssue) };
  return { models };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const [index, ...field] = issue.path;
  const place = index === undefined ? '' : `model ${Number(index) + 1}${field.length ? ` (${field.join('.')})` : ''}: `;
  return `${place}${issue.message}`;
}

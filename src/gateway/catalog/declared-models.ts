import { z } from 'zod';
import { modelCatalogSchema, type CatalogModel } from './catalog-schema';

const price = z
  .number({ error: 'must be a number of dollars per million tokens' })
  .min(0, { error: 'must be 0 or more' });
const tokens = z
  .number({ error: 'must be a whole number of tokens' })
  .int({ error: 'must be a whole number of tokens' })
  .positive({ error: 'must be more than 0' });

/** One model an operator declares for an OpenAI-compatible server (OPENAI_COMPATIBLE_MODELS). */
const declaredModelSchema = z.strictObject({
  /** The model's name on the server, as its /v1/models lists it and its /v1/chat/completions takes it. */
  id: z
    .string({ error: 'must be the model name the server knows' })
    .trim()
    .min(1, { error: 'must be the model name the server knows' })
    .max(200),
  /** What people see; defaults to the id. */
  name: z.string().trim().min(1).max(200).optional(),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'must be 1 (small and cheap), 2 (general) or 3 (frontier)',
  }),
  input_price_per_million: price,
  output_price_per_million: price,
  cached_input_price_per_million: price.optional(),
  context_window: tokens,
  max_output_tokens: tokens,
  accepts_temperature: z.boolean().default(true),
  prices_as_of: z.iso.date({ error: 'must be a date, e.g. 2025-08-01' }).optional(),
});

const declarationSchema = z.array(declaredModelSchema, { error: 'must be a JSON array of models' });

export type DeclaredModels =
  | { models: CatalogModel[]; problems?: undefined }
  | { models?: undefined; problems: string[] };

/**
 * The catalog entries of an operator's declaration of its OpenAI-compatible server's models: a
 * JSON array of { id, name?, tier, input_price_per_million, output_price_per_million,
 * cached_input_price_per_million?, context_window, max_output_tokens, accepts_temperature?,
 * prices_as_of? }. Catalog ids are 'openai-compatible/<id>' with characters ids may not hold
 * ('/' in 'meta-llama/Llama-3.1-8B') turned into '-'. Every problem is named with its place.
 */
export function parseDeclaredModels(json: string, today: string): DeclaredModels {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { problems: ['must be a JSON array of models, e.g. [{"id":"llama-3.1-8b","tier":1,...}]'] };
  }
  const declared = declarationSchema.safeParse(raw);
  if (!declared.success) return { problems: declared.error.issues.map(describeIssue) };
  const models: CatalogModel[] = declared.data.map((model) => ({
    id: `openai-compatible/${model.id.replace(/[^\w.:-]/g, '-')}`,
    provider: 'openai-compatible',
    providerModelId: model.id,
    displayName: model.name ?? model.id,
    tier: model.tier,
    contextWindow: model.context_window,
    maxOutputTokens: model.max_output_tokens,
    inputPricePerMillion: model.input_price_per_million,
    outputPricePerMillion: model.output_price_per_million,
    ...(model.cached_input_price_per_million === undefined
      ? {}
      : { cachedInputPricePerMillion: model.cached_input_price_per_million }),
    acceptsTemperature: model.accepts_temperature,
    pricesAsOf: model.prices_as_of ?? today,
  }));
  const checked = modelCatalogSchema.safeParse(models);
  if (!checked.success) return { problems: checked.error.issues.map(describeIssue) };
  return { models };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const [index, ...field] = issue.path;
  const place = index === undefined ? '' : `model ${Number(index) + 1}${field.length ? ` (${field.join('.')})` : ''}: `;
  return `${place}${issue.message}`;
}

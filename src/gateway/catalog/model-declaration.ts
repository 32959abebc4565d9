import { z } from 'zod';
import { isWholePicodollarsPerToken, modelCatalogSchema, type CatalogModel } from './catalog-schema';

// What an operator's JSON declarations of an OpenAI-compatible server's models share
// (OPENAI_COMPATIBLE_MODELS, OPENAI_COMPATIBLE_EMBEDDING_MODELS): the fields, the catalog id, and
// problems named with their place.

/** The model's name on the server, as its endpoints take it. */
export const declaredModelId = z
  .string({ error: 'must be the model name the server knows' })
  .trim()
  .min(1, { error: 'must be the model name the server knows' })
  .max(200);
/** What people see; defaults to the id. */
export const declaredModelName = z.string().trim().min(1).max(200).optional();
export const declaredPrice = z
  .number({ error: 'must be a number of dollars per million tokens' })
  .min(0, { error: 'must be 0 or more' })
  .refine(isWholePicodollarsPerToken, { error: 'must have at most 6 decimals (whole picodollars per token)' });
export const declaredTokens = z
  .number({ error: 'must be a whole number of tokens' })
  .int({ error: 'must be a whole number of tokens' })
  .positive({ error: 'must be more than 0' });
export const declaredPricesAsOf = z.iso.date({ error: 'must be a date, e.g. 2025-08-01' }).optional();

/** 'openai-compatible/<id>', with the characters catalog ids may not hold ('/' in 'meta-llama/Llama-3.1-8B') turned into '-'. */
export function compatibleCatalogId(declaredId: string): string {
  return `openai-compatible/${declaredId.replace(/[^\w.:-]/g, '-')}`;
}

export type Declared<Model> = { models: Model[]; problems?: undefined } | { models?: undefined; problems: string[] };

/**
 * Reads a declaration: a JSON array of `schema`, made into catalog entries by `toModel`, which the
 * catalog's own rules then check. `example` shows the shape when the text is not JSON at all.
 */
export function parseDeclaration<Entry, Model extends CatalogModel>(
  json: string,
  schema: z.ZodType<Entry>,
  toModel: (entry: Entry) => Model,
  example: string,
): Declared<Model> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { problems: [`must be a JSON array of models, e.g. ${example}`] };
  }
  const declared = z.array(schema, { error: 'must be a JSON array of models' }).safeParse(raw);
  if (!declared.success) return { problems: declared.error.issues.map(describeIssue) };
  const models = declared.data.map(toModel);
  const checked = modelCatalogSchema.safeParse(models);
  if (!checked.success) return { problems: checked.error.issues.map(describeIssue) };
  return { models };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const [index, ...field] = issue.path;
  const place = index === undefined ? '' : `model ${Number(index) + 1}${field.length ? ` (${field.join('.')})` : ''}: `;
  return `${place}${issue.message}`;
}

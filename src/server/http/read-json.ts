import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '../../contracts';
import { AppError, validationFailed } from './app-error';

/**
 * Parses and validates a JSON body. The first problem of each field is kept, and the first
 * field's problem becomes the message, so forms and toasts both read the spec's texts.
 */
export async function readJson<Schema extends z.ZodType>(context: Context, schema: Schema): Promise<z.infer<Schema>> {
  const text = await context.req.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('malformed_json', messages.malformedJson);
    }
  }
  return parseWith(schema, body);
}

export function parseWith<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? messages.generic;
  throw validationFailed(first, fields);
}

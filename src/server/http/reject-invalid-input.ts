import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '../../contracts';
import { AppError, validationFailed } from './app-error';
import type { AppEnv } from './context';

type ValidationResult = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/**
 * The validation layer's answer to input its schema refuses (every route's params, query and
 * body): a 400 whose message is the first problem, with the first problem of each field in
 * `fields`, so forms and toasts both read the spec's texts. Runs before the route's handler.
 */
export async function rejectInvalidInput(result: ValidationResult, context: Context<AppEnv>): Promise<void> {
  if (result.success) return;
  // A provisional sign-in (the chat message, decision 013) is confirmed before any answer, a refusal included.
  await context.get('signIn')?.confirm();
  if (result.target === 'json' && context.get('malformedJsonBody'))
    throw new AppError('malformed_json', messages.malformedJson);
  throw invalidInput(result.error.issues, result.target);
}

function invalidInput(issues: readonly z.core.$ZodIssue[], target: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= messageOf(issue, target);
  }
  const first = issues[0];
  return validationFailed(first ? messageOf(first, target) : messages.generic, fields);
}

function messageOf(issue: z.core.$ZodIssue, target: string): string {
  const wholeBody = target === 'json' && issue.path.length === 0 && issue.code === 'invalid_type';
  return wholeBody ? messages.bodyNotAnObject : issue.message;
}

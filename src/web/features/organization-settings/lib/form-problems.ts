import type { z } from 'zod';

/** A field's first problem, by the field's path: 'name', 'security.session_timeout_minutes'. */
export type FormProblems = Record<string, string>;

/** List entries ('security.ip_restrictions.2', 'api_access.ip_restrictions.0') report on their list, the field people edit. */
function fieldOf(path: readonly PropertyKey[]): string {
  const grouped = path[0] === 'security' || path[0] === 'branding' || path[0] === 'api_access';
  return path
    .slice(0, grouped ? 2 : 1)
    .map(String)
    .join('.');
}

export function problemsFrom(issues: readonly z.core.$ZodIssue[]): FormProblems {
  const problems: FormProblems = {};
  for (const issue of issues) problems[fieldOf(issue.path)] ??= issue.message;
  return problems;
}

/** The server's `fields` (full dotted paths) under the same names as the form's own problems. */
export function problemsFromServer(fields: Record<string, string>): FormProblems {
  const problems: FormProblems = {};
  for (const [path, message] of Object.entries(fields)) problems[fieldOf(path.split('.'))] ??= message;
  return problems;
}

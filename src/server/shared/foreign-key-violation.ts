/** Postgres reports a row naming one that does not exist (any more) as SQLSTATE 23503, naming the constraint. */
export function foreignKeyViolationConstraint(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23503') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      const match = typeof candidate.message === 'string' ? /constraint "([^"]+)"/.exec(candidate.message) : null;
      return match?.[1] ?? 'unknown';
    }
  }
  return undefined;
}

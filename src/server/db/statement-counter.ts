import type { Logger } from 'drizzle-orm/logger';

/** The kinds of statement the counter tells apart, by the statement's first word. */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

/**
 * How many statements a database handle has sent since it opened, by kind: what the tests read to
 * count the round trips a request makes (docs/benchmarks/gateway.md), and cheap enough to keep on.
 */
export interface StatementCounter {
  counts(): Readonly<Record<StatementKind, number>>;
  /** Calls `listener` with each statement's text (never its parameters) until the returned function is called. */
  watch(listener: (statement: string, kind: StatementKind) => void): () => void;
}

function kindOf(statement: string): StatementKind {
  let text = statement.trimStart();
  if (text.startsWith('(')) text = text.slice(1).trimStart();
  const firstWord = text.slice(0, 6).toLowerCase();
  if (firstWord === 'select' || firstWord.startsWith('with')) return 'select';
  if (firstWord === 'insert' || firstWord === 'update' || firstWord === 'delete') return firstWord;
  return 'other';
}

/** A counter and the drizzle logger that feeds it (drizzle calls it for every statement, in transactions too). */
export function createStatementCounter(): StatementCounter & { logger: Logger } {
  const counts: Record<StatementKind, number> = { select: 0, insert: 0, update: 0, delete: 0, other: 0 };
  const listeners = new Set<(statement: string, kind: StatementKind) => void>();
  return {
    counts: () => ({ ...counts }),
    watch(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    logger: {
      logQuery(statement) {
        const kind = kindOf(statement);
        counts[kind] += 1;
        for (const listener of listeners) listener(statement, kind);
      },
    },
  };
}

import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';

/** Why the server is not ready (the 503's text), and what caused it when something failed. */
export interface Unreadiness {
  reason: string;
  cause?: unknown;
}

export interface ReadinessSources {
  database: Pick<DatabaseHandle, 'ping'>;
  isShuttingDown?: () => boolean;
  /** While the server warms up at start, what it is doing. */
  warmingUp?: () => string | undefined;
}

/** What keeps the server from taking traffic now, if anything: shutting down, warming up, an unreachable database. */
export async function findUnreadiness(sources: ReadinessSources): Promise<Unreadiness | undefined> {
  if (sources.isShuttingDown?.()) return { reason: 'Shutting down' };
  const warming = sources.warmingUp?.();
  if (warming) return { reason: `Starting: ${warming}` };
  try {
    await sources.database.ping();
  } catch (error) {
    return { reason: 'Database unreachable', cause: error };
  }
  return undefined;
}

/**
 * Logs readiness when it changes, not per probe: a balancer asks every few seconds, and a stack
 * per 503 buried the one line that said why (issue 21 item 17).
 */
export function createReadinessLog(logger: Logger) {
  let last: string | undefined | null = null;
  return {
    observe(unready: Unreadiness | undefined): void {
      const reason = unready?.reason;
      if (reason === last) return;
      last = reason;
      if (!unready) logger.info('ready');
      else logger.warn({ reason: unready.reason, ...(unready.cause ? { err: unready.cause } : {}) }, 'not ready');
    },
  };
}

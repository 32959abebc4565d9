import { callerStateChannel } from '../db/change-listener';
import type { DatabaseHandle } from '../db/database';
import { createCallerStateCache, type CallerStateCache, type CallerStateCacheOptions } from './caller-state-cache';
import { serveCallerStateFor } from './caller-state-registry';

/** How long a start waits for the listener before it serves without the cache (every read from the database). */
const listenerWaitMs = 10_000;

/**
 * Starts this instance's caller-state cache: it listens for the triggers' notifications (migration
 * 0041) and serves the root database's reads of caller state once listening (docs/decisions/066).
 */
export async function startCallerState(
  database: Pick<DatabaseHandle, 'db' | 'listen' | 'onCommittedChanges'>,
  options: CallerStateCacheOptions = {},
): Promise<CallerStateCache> {
  const cache = createCallerStateCache(options);
  const { ready } = database.listen(callerStateChannel, {
    notified: (orgId) => cache.forgetOrganisation(orgId),
    connected: () => cache.listening(),
    lost: () => cache.deaf(),
  });
  // This instance's own writes are forgotten once committed, before the writer answers; the
  // notification tells the other instances (and this one again) a moment later.
  database.onCommittedChanges((orgIds) => {
    for (const orgId of orgIds) cache.forgetOrganisation(orgId);
  });
  serveCallerStateFor(database.db, cache);
  let timer: NodeJS.Timeout | undefined;
  // A listener that fails to start leaves the cache not listening: every read goes to the database.
  await Promise.race([
    ready.catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, listenerWaitMs))),
  ]);
  clearTimeout(timer);
  return cache;
}

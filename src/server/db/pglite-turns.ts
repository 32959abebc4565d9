import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs on this thread and answers through promises, so a burst of requests becomes one
 * chain of microtasks, statement after statement, during which the event loop reads no socket:
 * 100 queued statements all ran before a zero-delay timer, and ten chat requests at once held
 * GET /api/healthz for about a second on a loaded 2-core machine (issue 20). Each statement here
 * first lets the event loop take a turn (setImmediate) once it holds PGlite's statement lock, so
 * other requests are read and answered between statements. Transactions stay whole: the turn is
 * taken inside the locks PGlite holds for them. `_runExclusiveQuery` is the lock PGlite's own
 * base class declares for every statement (PGlite is pinned to 0.5.14; pglite-turns.test.ts fails
 * if the hook stops taking turns).
 */
export function takeTurnsWithEventLoop(client: PGlite): PGlite {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(statement: () => Promise<T>) =>
    runExclusiveQuery(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return statement();
    });
  return client;
}

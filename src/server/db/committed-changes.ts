import type pg from 'pg';

/** The transaction-local setting the caller-state triggers add each changed organisation to (migration 0041). */
const changedSetting = 'tokenwise.caller_state_orgs';
const readChangedThenCommit = `select current_setting('${changedSetting}', true) as changed; commit`;

/** Tables whose rows the caller-state triggers watch, and organisations, whose removal cascades into them. */
const watchedTables = [
  'organisation_settings',
  'roles',
  'role_permissions',
  'users',
  'api_keys',
  'routing_policies',
  'routing_calibration_offsets',
  'subscriptions',
  'organisation_provider_keys',
  'organisations',
];

type QueryArguments = [unknown, ...unknown[]];
type Callback = (error: Error | null, result?: unknown) => void;

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return '';
}

function firstWord(text: string): string {
  const trimmed = text.trimStart();
  const end = trimmed.search(/[\s;(]/);
  return (end === -1 ? trimmed : trimmed.slice(0, end)).toLowerCase();
}

/** A statement outside a transaction that may write a watched row: run in one of its own, to learn what it changed. */
function mayChangeCallerState(text: string): boolean {
  const lowered = text.toLowerCase();
  // A posting to the wallet (a top-up, a plan paid from it) is a select of the function that writes the ledger (migration 0047).
  if (lowered.includes('wallet_post(')) return true;
  if (!['insert', 'update', 'delete', 'with', 'merge'].includes(firstWord(text))) return false;
  return watchedTables.some((table) => lowered.includes(table));
}

function organisationsIn(changed: unknown): string[] {
  return typeof changed === 'string' ? changed.split(' ').filter((orgId) => orgId !== '') : [];
}

/**
 * Makes every connection the pool opens report the organisations whose caller state a committed
 * transaction changed, to `committed`, after the commit and before the writer's call resolves: what
 * lets an instance read its own writes at once, where the notification to every instance arrives
 * later, asynchronously (docs/decisions/066). The triggers name the organisations in a
 * transaction-local setting; it is read in the same round trip as the commit. A transaction rolled
 * back reports nothing, as nothing changed.
 */
export function reportCommittedChanges(pool: pg.Pool, committed: (orgIds: string[]) => void): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...queryArguments: QueryArguments) => unknown;
    const run = (...queryArguments: QueryArguments) => original(...queryArguments) as Promise<pg.QueryResult>;
    let inTransaction = false;

    async function commit(): Promise<unknown> {
      inTransaction = false;
      let results: pg.QueryResult[];
      try {
        results = (await run(readChangedThenCommit)) as unknown as pg.QueryResult[];
      } catch (error) {
        // An aborted transaction refuses the read: its commit only rolls back, which changes nothing.
        if ((error as { code?: string }).code === '25P02') return run('commit');
        throw error;
      }
      committed(organisationsIn(results[0]?.rows[0]?.changed));
      return results[1];
    }

    async function writeAlone(queryArguments: QueryArguments): Promise<unknown> {
      await run('begin');
      let result: unknown;
      try {
        result = await run(...queryArguments);
      } catch (error) {
        await run('rollback');
        throw error;
      }
      await commit();
      return result;
    }

    const patched = (...queryArguments: QueryArguments): unknown => {
      const text = textOf(queryArguments[0]);
      const word = firstWord(text);
      let work: (() => Promise<unknown>) | undefined;
      if (word === 'begin' || word === 'start') inTransaction = true;
      else if (word === 'rollback' && !text.toLowerCase().includes('savepoint')) inTransaction = false;
      else if ((word === 'commit' || word === 'end') && inTransaction) work = commit;
      else if (!inTransaction && mayChangeCallerState(text)) {
        const statement = queryArguments.filter((argument) => typeof argument !== 'function') as QueryArguments;
        work = () => writeAlone(statement);
      }
      if (!work) return original(...queryArguments);
      const callback = queryArguments.find((argument) => typeof argument === 'function') as Callback | undefined;
      const done = work();
      if (!callback) return done;
      done.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      return undefined;
    };
    client.query = patched as typeof client.query;
  });
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { loginFailures } from '../db/schema';
import type { LoginFailureHistory } from './login-throttle-rules';

/** Rows past the window deleted with each new one: at least as many go as come, in bounded work. */
const expiredRowsDeletedPerInsert = 100;

export interface LoginFailureKey {
  usernameHash: string;
  clientAddress: string;
}

/**
 * The recent failures bearing on an attempt, in one statement: the newest `counts` of each kind
 * since `since`, leaving out the attempt `excludeId` itself.
 */
export async function readLoginFailures(
  db: Executor,
  key: LoginFailureKey,
  options: {
    since: Date;
    counts: { fromAddress: number; forUsernameFromAddress: number; forUsername: number };
    excludeId?: string;
  },
): Promise<LoginFailureHistory> {
  const { usernameHash, clientAddress } = key;
  const since = options.since.toISOString();
  const notThisAttempt = options.excludeId ? sql`and id <> ${options.excludeId}` : sql.empty();
  const newest = (kind: string, where: SQL, count: number) => sql`
    (select ${kind}::text as kind, (extract(epoch from failed_at) * 1000)::float8 as at from login_failures
     where ${where} and failed_at > ${since}::timestamptz ${notThisAttempt}
     order by failed_at desc limit ${count})`;
  const result = (await db.execute(sql`
    ${newest('address', sql`client_address = ${clientAddress}`, options.counts.fromAddress)}
    union all
    ${newest('pair', sql`username_hash = ${usernameHash} and client_address = ${clientAddress}`, options.counts.forUsernameFromAddress)}
    union all
    ${newest('username', sql`username_hash = ${usernameHash}`, options.counts.forUsername)}`)) as unknown as {
    rows: { kind: string; at: number }[];
  };
  const history: LoginFailureHistory = { fromAddress: [], forUsernameFromAddress: [], forUsername: [] };
  for (const row of result.rows) {
    const at = Number(row.at);
    if (row.kind === 'address') history.fromAddress.push(at);
    else if (row.kind === 'pair') history.forUsernameFromAddress.push(at);
    else history.forUsername.push(at);
  }
  return history;
}

/** Counts an attempt as a failure from now (until it is forgiven), deleting some rows past the window. */
export async function insertLoginFailure(
  db: Executor,
  key: LoginFailureKey,
  at: Date,
  expiredBefore: Date,
): Promise<string> {
  const result = (await db.execute(sql`
    with expired as (
      delete from login_failures where id in (
        select id from login_failures where failed_at < ${expiredBefore.toISOString()}::timestamptz
        limit ${expiredRowsDeletedPerInsert}
      )
    )
    insert into login_failures (username_hash, client_address, failed_at)
    values (${key.usernameHash}, ${key.clientAddress}, ${at.toISOString()}::timestamptz)
    returning id`)) as unknown as { rows: { id: string }[] };
  const inserted = result.rows[0];
  if (!inserted) throw new Error('Recording a login attempt returned no row');
  return inserted.id;
}

export async function deleteLoginFailure(db: Executor, id: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgives the failures on one username from one address (its owner signed in from there). */
export async function deleteLoginFailuresOf(db: Executor, key: LoginFailureKey): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.usernameHash, key.usernameHash), eq(loginFailures.clientAddress, key.clientAddress)));
}

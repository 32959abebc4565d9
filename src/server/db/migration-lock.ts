import type { Pool, PoolClient } from 'pg';

/** The advisory lock's key: one number for "Tokenwise is migrating this database" (the ASCII of "TKNWMIGR"). */
const migrationLockKey = '6074878651711211858';

/** How long an instance waits for another's migrations before it gives up starting. */
const lockWaitSeconds = 600;

/**
 * Runs the migrations (and what else prepares the schema) on one connection holding a PostgreSQL
 * session advisory lock: instances starting together take turns, so one migrates while the others
 * wait and then find nothing left to do. The lock goes with the connection, so an instance that
 * dies while migrating holds no one up.
 */
export async function migrateUnderLock(pool: Pool, migrate: (client: PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(`set lock_timeout = '${lockWaitSeconds}s'`);
    await client.query('select pg_advisory_lock($1::bigint)', [migrationLockKey]);
    try {
      await migrate(client);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [migrationLockKey]);
    }
    await client.query('reset lock_timeout');
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection left in an unknown state (its lock, its settings) is closed rather than pooled.
    client.release(broken);
  }
}

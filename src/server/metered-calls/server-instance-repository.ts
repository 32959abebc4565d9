import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { serverInstances } from '../db/schema';

// The server processes sharing this database and their heartbeats (docs/decisions/015).

/**
 * Says this instance is alive (registering it the first time, or again after a sweep took it for
 * gone); answers whether its row had to be made, i.e. it was not registered.
 */
export async function beat(db: Executor, instanceId: string): Promise<{ registered: boolean }> {
  const [row] = await db
    .insert(serverInstances)
    .values({ id: instanceId })
    .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } })
    .returning({ registered: sql<boolean>`(xmax = 0)` });
  return { registered: row?.registered === true };
}

export async function removeInstance(db: Executor, instanceId: string): Promise<void> {
  await db.delete(serverInstances).where(eq(serverInstances.id, instanceId));
}

/** Forgets instances silent for longer than the timeout (their replies are recovered first). */
export async function forgetSilentInstances(db: Executor, silentForSeconds: number): Promise<void> {
  await db
    .delete(serverInstances)
    .where(lt(serverInstances.heartbeatAt, sql`now() - ${silentForSeconds}::integer * interval '1 second'`));
}

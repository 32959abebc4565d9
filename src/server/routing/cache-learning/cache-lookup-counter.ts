import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Executor } from '../../db/database';
import { cacheQualityDailyTotals } from '../../db/schema';

/**
 * The cache's lookups, counted in memory and written in batches (docs/decisions/080): a lookup is
 * on every cached request's path, and a write per lookup would be one more statement before each
 * reply. What a crash can cost: the counts of the last interval on that instance (the figures'
 * lookups are then a little low; hits, labels and savings are written with their own rows).
 */
export interface CacheLookupCounter {
  /** One lookup of a cacheable prompt with the cache on; `learned`: the learned threshold decided it. */
  count(orgId: string, learned: boolean): void;
  /** Writes what this instance has counted so far (the quality figures call it before reading). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export interface CacheLookupCounterOptions {
  db: Executor;
  logger: Logger;
  /** How often the counts are written. Defaults to 5 s. */
  intervalMs?: number;
  now?: () => Date;
}

interface Counts {
  orgId: string;
  day: string;
  lookups: number;
  learnedLookups: number;
}

export function createCacheLookupCounter(options: CacheLookupCounterOptions): CacheLookupCounter {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  let pending = new Map<string, Counts>();
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, Counts>): Promise<void> {
    for (const counts of batch.values()) {
      try {
        await db
          .insert(cacheQualityDailyTotals)
          .values(counts)
          .onConflictDoUpdate({
            target: [cacheQualityDailyTotals.orgId, cacheQualityDailyTotals.day],
            set: {
              lookups: sql`${cacheQualityDailyTotals.lookups} + excluded.lookups`,
              learnedLookups: sql`${cacheQualityDailyTotals.learnedLookups} + excluded.learned_lookups`,
            },
          });
      } catch (error) {
        // An organisation deleted meanwhile, or the database away: these counts are lost, the next ones are not.
        logger.warn(
          { err: error, orgId: counts.orgId, lookups: counts.lookups },
          "the cache's lookup counts could not be written",
        );
      }
    }
  }

  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    // One write at a time, in order, so a flush asked for waits for the one already running.
    writing = writing.then(() => (batch.size > 0 ? write(batch) : undefined));
    return writing;
  }

  const timer = setInterval(() => void flush(), options.intervalMs ?? 5_000);
  timer.unref();

  return {
    count(orgId, learned) {
      const day = now().toISOString().slice(0, 10);
      const key = `${orgId} ${day}`;
      const counts = pending.get(key) ?? { orgId, day, lookups: 0, learnedLookups: 0 };
      counts.lookups += 1;
      if (learned) counts.learnedLookups += 1;
      pending.set(key, counts);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { createIntervalJob, type IntervalJob } from '../shared/interval-job';
import { sessionUndoWindowMs } from '../conversations/chat-session-repository';
import { deleteInactiveSessions, listRetentionPeriods, purgeDeletedSessions } from './retention-repository';

export interface RetentionJobOptions {
  db: Database;
  logger: Logger;
  /** Time between sweeps; the first runs at start. */
  intervalMs: number;
  /** Conversations deleted per statement: few, so the embedded database, on the server's thread, keeps answering requests between batches. */
  batchSize?: number;
  clock?: () => number;
}

const dayMs = 86_400_000;

/**
 * Deletes every organisation's conversations whose last activity is older than its
 * retention_period_days, and those its people deleted longer ago than the undo window, inside the
 * server: at start and then every interval (docs/decisions/021, 031).
 * Stopping ends a sweep after its current batch.
 */
export function createRetentionJob(options: RetentionJobOptions): IntervalJob {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const clock = options.clock ?? Date.now;
  let stopping = false;

  async function sweep(): Promise<void> {
    for (const { orgId, retentionDays } of await listRetentionPeriods(db)) {
      if (stopping) return;
      const cutoff = new Date(clock() - retentionDays * dayMs);
      const deleted = await inBatches((limit) => deleteInactiveSessions(db, orgId, cutoff, limit));
      if (deleted > 0) logger.info({ orgId, deleted, retentionDays }, 'retention: deleted inactive conversations');
      const undoEnded = new Date(clock() - sessionUndoWindowMs);
      const purged = await inBatches((limit) => purgeDeletedSessions(db, orgId, undoEnded, limit));
      if (purged > 0) logger.info({ orgId, purged }, 'retention: removed deleted conversations past their undo window');
    }
  }

  async function inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let deleted = 0;
    for (let batch = batchSize; batch === batchSize && !stopping; ) {
      batch = await deleteBatch(batchSize);
      deleted += batch;
      // Requests waiting for the database go between batches.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return deleted;
  }

  const job = createIntervalJob('retention', sweep, options.intervalMs, logger);
  return {
    ...job,
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}

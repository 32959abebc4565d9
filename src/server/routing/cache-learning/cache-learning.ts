import type { Logger } from 'pino';
import type { CacheOutcome } from '../../../gateway';
import type { Database } from '../../db/database';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import { createCacheLearners, type CacheLearners } from './cache-learners';
import { createCacheLookupCounter, type CacheLookupCounter } from './cache-lookup-counter';
import { insertCacheLabel, type NewCacheLabel } from './cache-quality-repository';
import type { JudgedPair } from './judged-pair';

/** Each organisation's learned cache: its copies, its lookup counts, its labels (docs/decisions/080). */
export interface CacheLearning {
  learners: CacheLearners;
  counter: CacheLookupCounter;
  /**
   * Stores a label (a hit once per source) and learns it; resolves false when the hit had such a
   * label already. A failure to learn is logged and loses only the label's learning (the label stays).
   */
  label(label: NewCacheLabel, outcome: CacheOutcome): Promise<boolean>;
  /** After a reply: the judge's verdict on its lookup, when it asked one, stored and learned in the background. */
  afterReply(orgId: string, judged: JudgedPair | undefined): void;
  /** Writes the lookups counted and waits for the labels being learned. */
  close(): Promise<void>;
}

export interface CacheLearningOptions {
  db: Database;
  logger: Logger;
  /** Shutdown waits for the labels being learned, so none is cut off by the database closing. */
  inFlight: InFlightCalls;
  /** How often lookup counts are written. */
  countIntervalMs?: number;
}

export function createCacheLearning(options: CacheLearningOptions): CacheLearning {
  const { db, logger, inFlight } = options;
  const learners = createCacheLearners({ db, logger });
  const counter = createCacheLookupCounter({ db, logger, intervalMs: options.countIntervalMs });

  async function label(stored: NewCacheLabel, outcome: CacheOutcome): Promise<boolean> {
    if (!(await insertCacheLabel(db, stored))) return false;
    try {
      await learners.learn(stored.orgId, outcome);
    } catch (error) {
      logger.warn(
        { err: error, orgId: stored.orgId, source: stored.source },
        "the organisation's cache learner could not learn a label",
      );
    }
    return true;
  }

  return {
    learners,
    counter,
    label,
    afterReply(orgId, judged) {
      if (!judged) return;
      const { pair, verdict } = judged;
      void inFlight.track(
        label(
          {
            orgId,
            decisionId: null,
            entryId: pair.entryId,
            source: 'judge',
            same: verdict.same,
            similarity: pair.similarity,
            judgeModelId: verdict.modelId,
            costPicodollars: verdict.costPicodollars,
          },
          {
            entryKey: pair.entryId,
            features: pair.features,
            same: verdict.same,
            source: 'judge',
            decision: pair.learned.decision,
          },
        ).catch((error: unknown) =>
          logger.warn({ err: error, orgId }, "the cache judge's verdict could not be stored"),
        ),
      );
    },
    close: () => counter.close(),
  };
}

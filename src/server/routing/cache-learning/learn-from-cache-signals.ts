import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import type { CacheLearning } from './cache-learning';
import { findServedPair } from './cache-quality-repository';

/** A user's signal that a reply from the cache did not serve: a bad rating, a regeneration or an edit. */
interface CacheSignal {
  orgId: string;
  /** The hit's decision. */
  decisionId: string;
}

export type LearnCacheSignal = (signal: CacheSignal) => void;

interface LearningDependencies {
  db: Database;
  logger: Logger;
  inFlight: InFlightCalls;
  routing: { cacheLearning?: CacheLearning };
}

/**
 * What a user's signal about a semantic hit teaches the organisation's learned cache
 * (docs/decisions/080): the stored reply did not answer the new prompt, a 'feedback' label on the
 * pair the hit was decided on (kept with the hit, so an entry forgotten since does not matter). It
 * returns at once; the label is stored and learned in the background, once per hit; a failure is
 * logged and loses only the label. Exact repeats teach nothing (they are a rule, not the threshold's doing).
 */
export function learnFromCacheSignals(dependencies: LearningDependencies): LearnCacheSignal {
  const { db, logger, inFlight } = dependencies;
  const learning = dependencies.routing.cacheLearning;
  return ({ orgId, decisionId }) => {
    if (!learning) return;
    const learn = async () => {
      const pair = await findServedPair(db, orgId, decisionId);
      if (!pair) return;
      await learning.label(
        {
          orgId,
          decisionId,
          entryId: pair.entryId,
          source: 'feedback',
          same: false,
          similarity: pair.similarity,
          judgeModelId: null,
          costPicodollars: 0n,
        },
        {
          entryKey: pair.entryId,
          features: { gate: 'learned', values: pair.values },
          same: false,
          source: 'feedback',
          decision: pair.decision,
        },
      );
    };
    void inFlight.track(
      learn().catch((error: unknown) =>
        logger.warn({ err: error, orgId }, "the organisation's cache learner could not learn a user's signal"),
      ),
    );
  };
}

import type { Logger } from 'pino';
import { createCacheLearnerState, learnCacheOutcome, type CacheOutcome } from '../../../gateway';
import type { Database } from '../../db/database';
import { createOrganisationCopies } from '../organisation-copies';
import { changeCacheLearner, readCacheLearner, type StoredCacheLearner } from './cache-learner-repository';

/** This instance's view of a learner: the state and the version it was stored at. */
type CacheLearnerCopy = Pick<StoredCacheLearner, 'state' | 'version'>;

export interface CacheLearners {
  /** The organisation's learner as this instance holds it: only its first use waits for the database. */
  copyOf(orgId: string): Promise<CacheLearnerCopy>;
  /** Learns one labelled lookup into the stored state (read, learned and written in one locked transaction). */
  learn(orgId: string, outcome: CacheOutcome): Promise<StoredCacheLearner>;
  /** Takes a state this instance has just written (a reset) as its copy. */
  remember(orgId: string, stored: CacheLearnerCopy): void;
}

export interface CacheLearnersOptions {
  db: Database;
  logger: Logger;
  /** A copy older than this is read again in the background. Defaults to 30 s. */
  maxAgeMs?: number;
}

/**
 * Each organisation's learned cache on this instance (docs/decisions/080), held and refreshed as
 * decision 068 holds the organisation's router: a request never waits for the database once its
 * organisation's copy is in, and what this instance learns replaces its copy at once.
 */
export function createCacheLearners(options: CacheLearnersOptions): CacheLearners {
  const { db, logger } = options;
  const copies = createOrganisationCopies<CacheLearnerCopy>({
    read: async (orgId) =>
      (await readCacheLearner(db, orgId, logger)) ?? { state: createCacheLearnerState(), version: 0 },
    logger,
    what: "the organisation's cache learner",
    maxAgeMs: options.maxAgeMs,
  });
  return {
    copyOf: (orgId) => copies.copyOf(orgId),
    async learn(orgId, outcome) {
      const saved = await changeCacheLearner(db, orgId, logger, (state) => learnCacheOutcome(state, outcome));
      copies.keep(orgId, saved);
      return saved;
    },
    remember: (orgId, stored) => copies.keep(orgId, stored),
  };
}

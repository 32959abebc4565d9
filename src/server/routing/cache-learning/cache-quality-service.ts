import type { RoutingQualityResponse } from '../../../contracts';
import type { Logger } from 'pino';
import { usdNumber } from '../../../money';
import { makeAdministrativeChange } from '../../audit/administrative-change';
import type { Database, Executor } from '../../db/database';
import type { Caller } from '../../http/context';
import { wilsonInterval } from '../shadow/wilson-interval';
import type { CacheLearning } from './cache-learning';
import {
  cacheDecidingLabels,
  cacheLearnerDecides,
  readCacheLearner,
  resetCacheLearner,
  type StoredCacheLearner,
} from './cache-learner-repository';
import { cacheFigureCounts } from './cache-quality-repository';

type CacheQuality = RoutingQualityResponse['cache'];

function learnerStatus(stored: StoredCacheLearner | undefined, errorRate: number): CacheQuality['learner'] {
  const decides = stored ? cacheLearnerDecides(stored.state) : false;
  return {
    labels: stored?.state.labels ?? 0,
    labels_needed: cacheDecidingLabels,
    decides,
    deciding_since: decides ? (stored?.decidingSince?.toISOString() ?? null) : null,
    updated_at: stored?.updatedAt.toISOString() ?? null,
    error_rate: errorRate,
  };
}

/**
 * The organisation's cache figures (docs/decisions/080), read from the database (this instance's
 * lookup counts written first, so what it counted is in): the wrong-hit rate is among the hits
 * checked afterwards, the only sample of served hits that is neither chosen by the decision nor by
 * who complains.
 */
export async function cacheQuality(
  dependencies: { db: Executor; logger: Logger; cacheLearning?: CacheLearning },
  orgId: string,
  errorRate: number,
): Promise<CacheQuality> {
  await dependencies.cacheLearning?.counter.flush();
  const counts = await cacheFigureCounts(dependencies.db, orgId);
  const { checkedHits, wrongHits } = counts;
  return {
    lookups: counts.lookups,
    learned_lookups: counts.learnedLookups,
    hits: counts.exactHits + counts.semanticHits,
    exact_hits: counts.exactHits,
    semantic_hits: counts.semanticHits,
    learned_hits: counts.learnedHits,
    judged_hits: counts.judgedHits,
    judge_calls: counts.judgeCalls,
    judge_cost_usd: usdNumber(counts.judgeCostPicodollars),
    checked_hits: checkedHits,
    wrong_hits: wrongHits,
    wrong_hit_rate: checkedHits > 0 ? wrongHits / checkedHits : null,
    wrong_hit_interval: wilsonInterval(wrongHits, checkedHits) ?? null,
    checking_cost_usd: usdNumber(counts.checkCostPicodollars),
    flagged_hits: counts.flaggedHits,
    savings_usd: usdNumber(counts.savedPicodollars),
    learner: learnerStatus(
      dependencies.cacheLearning ? await readCacheLearner(dependencies.db, orgId, dependencies.logger) : undefined,
      errorRate,
    ),
  };
}

/**
 * Back to the prior: the static rules decide again until the learner has learned enough new
 * labels. The labels and figures stay. Audited; this instance's copy follows at once, the others within their refresh.
 */
export async function resetCacheLearning(
  dependencies: { db: Database; cacheLearning?: CacheLearning; logger: Logger },
  caller: Caller,
): Promise<void> {
  const learning = dependencies.cacheLearning;
  if (!learning) return;
  const saved = await makeAdministrativeChange(dependencies.db, caller, async ({ transaction, record }) => {
    const before = await readCacheLearner(transaction, caller.orgId, dependencies.logger);
    const reset = await resetCacheLearner(transaction, caller.orgId);
    await record({
      action: 'routing.cache_learner_reset',
      targetType: 'routing',
      targetId: caller.orgId,
      before: { labels: before?.state.labels ?? 0 },
      after: { labels: 0 },
    });
    return reset;
  });
  learning.learners.remember(caller.orgId, saved);
}

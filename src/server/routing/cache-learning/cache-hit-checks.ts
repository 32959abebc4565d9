import type { Logger } from 'pino';
import type { RoutingPolicy } from '../../../contracts';
import { createModelSameQuestionJudge, judgeMaxOutputTokens } from '../../../gateway';
import { centsOf, centsToPicodollars } from '../../../money';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/context';
import type { InFlightCalls } from '../../metered-calls/in-flight-calls';
import type { MeteredCalls } from '../../metered-calls/metered-calls';
import type { PriceBook } from '../../pricing/price-book';
import type { UsableModel } from '../../usage/usable-model';
import { isSampled } from '../shadow/shadow-draw';
import { shadowSpendThisMonth } from '../shadow/shadow-label-repository';
import { shadowJudgeOf, withoutLimits } from '../shadow/shadow-models';
import type { CacheLearning } from './cache-learning';
import type { LookupPair } from './judged-pair';

/** A semantic hit served without the judge, offered for a check once it has been recorded. */
interface CacheHitCandidate {
  caller: Caller;
  /** The hit's decision: its own draw decides whether it is checked. */
  decisionId: string;
  policy: RoutingPolicy;
  /** The new prompt, and the stored prompt whose reply answered it. */
  query: string;
  cachedPrompt: string;
  pair: LookupPair;
  /** The models the caller may use now, read only once a hit is drawn. */
  usable(): Promise<readonly UsableModel[]>;
}

export interface CacheHitChecks {
  /** Returns at once: a drawn hit is checked in the background, never reaching the user. */
  consider(candidate: CacheHitCandidate): void;
}

export interface CacheHitChecksOptions {
  db: Database;
  logger: Logger;
  meteredCalls: MeteredCalls;
  prices: PriceBook;
  inFlight: InFlightCalls;
  learning: CacheLearning;
  /** Checks running at once on this instance; a drawn hit beyond them is skipped. Defaults to 2. */
  concurrency?: number;
  /** The longest one check may take, besides its call's own deadlines. Defaults to 1 minute. */
  deadlineMs?: number;
}

/**
 * The audit of the learned cache (docs/decisions/048, 080): a semantic hit served without the judge
 * is drawn at shadow evaluation's sampling rate (its decision's own draw) while the month's sampling
 * is under budget (docs/decisions/067), and afterwards shadow evaluation's judge (the policy's, else
 * the strongest model the user may use) is asked whether the two prompts ask the same thing. The
 * call goes through the metered path as shadow evaluation's (source 'shadow-evaluation', paid by
 * the organisation, outside the user's limits), so it counts against the same budget. The verdict
 * is a 'check' label: what measures the wrong-hit rate, and what corrects the learner's bound.
 */
export function createCacheHitChecks(options: CacheHitChecksOptions): CacheHitChecks {
  const concurrency = options.concurrency ?? 2;
  const deadlineMs = options.deadlineMs ?? 60_000;
  const running = new Set<Promise<void>>();

  async function check(candidate: CacheHitCandidate): Promise<void> {
    const { caller, policy, pair } = candidate;
    const budget = centsToPicodollars(centsOf(policy.shadow_evaluation.monthly_budget_usd));
    if ((await shadowSpendThisMonth(options.db, caller.orgId)) >= budget) return;
    const chosen = shadowJudgeOf(policy, await candidate.usable());
    if (!chosen) return;
    const judgeModel = withoutLimits(chosen);
    const provider = options.meteredCalls.model({ caller, source: 'shadow-evaluation' }, judgeModel, {
      minOutputTokens: judgeMaxOutputTokens,
    });
    const judge = createModelSameQuestionJudge({
      provider,
      model: chosen.model,
      prices: options.prices.pricesAt(chosen.model, new Date()),
    });
    const signal = AbortSignal.timeout(deadlineMs);
    const verdict = await judge.judge(candidate.query, candidate.cachedPrompt, signal);
    // A call that failed or was stopped says nothing about the hit.
    if (verdict.failed || signal.aborted) {
      options.logger.info({ orgId: caller.orgId, err: verdict.failed }, 'a cache hit could not be checked');
      return;
    }
    await options.learning.label(
      {
        orgId: caller.orgId,
        decisionId: candidate.decisionId,
        entryId: pair.entryId,
        source: 'check',
        same: verdict.same,
        similarity: pair.similarity,
        judgeModelId: chosen.model.id,
        costPicodollars: verdict.costPicodollars,
      },
      {
        entryKey: pair.entryId,
        features: pair.features,
        same: verdict.same,
        source: 'check',
        decision: pair.learned.decision,
      },
    );
  }

  return {
    consider(candidate) {
      if (!isSampled(candidate.decisionId, candidate.policy.shadow_evaluation.sampling_rate)) return;
      if (running.size >= concurrency) {
        options.logger.info(
          { orgId: candidate.caller.orgId },
          'cache hit check skipped: as many are running as allowed',
        );
        return;
      }
      const run = check(candidate).catch((error: unknown) =>
        options.logger.warn({ err: error, orgId: candidate.caller.orgId }, 'a cache hit check failed'),
      );
      running.add(run);
      void options.inFlight.track(run).finally(() => running.delete(run));
    },
  };
}

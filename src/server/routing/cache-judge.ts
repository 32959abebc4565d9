import type { Logger } from 'pino';
import { blendedPrice, createModelSameQuestionJudge, judgeMaxOutputTokens } from '../../gateway';
import type { Caller } from '../http/context';
import type { CallApiKey } from '../metered-calls/metered-call';
import type { MeteredCalls } from '../metered-calls/metered-calls';
import type { UsableModel } from '../usage/usable-model';
import type { CacheJudge } from './reply-cache';
import type { PriceBook } from '../pricing/price-book';

/**
 * The judge's model: the cheapest cloud model the caller may use (lowest blended price, then id,
 * so the choice is stable). The embedded model is never the judge: it is the one least able to
 * tell a rewording from a changed question, and it answers one request at a time.
 */
export function chooseJudgeModel(usable: readonly UsableModel[]): UsableModel | undefined {
  return usable
    .filter((candidate) => candidate.model.provider !== 'local')
    .sort(
      (first, second) =>
        blendedPrice(first.model) - blendedPrice(second.model) || first.model.id.localeCompare(second.model.id),
    )[0];
}

/**
 * The same-question judge for one caller: its model is a metered model (docs/decisions/037), so
 * each question put to it is a model call like any other. Room is held in the caller's monthly
 * limits and, when the wallet pays for its provider, in the wallet before it is asked; its usage
 * is recorded for the caller (source 'cache-judge'; no session, message or decision linked: the
 * judge runs before they exist; a program's API key, when it asked, so the key's budget holds it
 * too) at its own cost with no reference cost, so what it costs is
 * counted against the organisation's savings whether it allows a hit or not. A call the limits or
 * the wallet refuse, or with too little room for the one-word answer, is not made: the pair is
 * then not the same.
 */
export function createCallerJudge(
  dependencies: { meteredCalls: MeteredCalls; logger: Logger; prices: PriceBook },
  caller: Caller,
  usable: readonly UsableModel[],
  apiKey?: CallApiKey,
): CacheJudge | undefined {
  const chosen = chooseJudgeModel(usable);
  if (!chosen) return undefined;
  const provider = dependencies.meteredCalls.model({ caller, source: 'cache-judge', apiKey }, chosen, {
    minOutputTokens: judgeMaxOutputTokens,
  });
  // Priced as its usage record is: at the version effective as it starts.
  const judge = createModelSameQuestionJudge({
    provider,
    model: chosen.model,
    prices: dependencies.prices.pricesAt(chosen.model, new Date()),
  });
  return {
    modelId: chosen.model.id,
    async judge(query, cachedPrompt, signal) {
      const verdict = await judge.judge(query, cachedPrompt, signal);
      if (verdict.failed)
        dependencies.logger.warn(
          { err: verdict.failed, modelId: chosen.model.id },
          'the cache judge failed or was refused; the pair is taken as different',
        );
      return { same: verdict.same, costPicodollars: verdict.costPicodollars };
    },
  };
}

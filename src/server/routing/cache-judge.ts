import { randomUUID } from 'node:crypto';
import {
  blendedPrice,
  createModelSameQuestionJudge,
  countMessagesTokens,
  judgeMaxOutputTokens,
  judgeMessages,
  type CatalogModel,
} from '../../gateway';
import type { Caller } from '../http/context';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import { keepCallUsage } from '../conversations/keep-call-usage';
import type { UsableModel } from '../conversations/model-access';
import { releaseRoom } from '../conversations/release-room';
import { reserveModelCalls } from '../usage/reserve-model-call';
import type { CacheJudge } from './reply-cache';

type Dependencies = Pick<ConversationDependencies, 'db' | 'logger' | 'providers' | 'wallet' | 'liveReplies'>;

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
 * The same-question judge for one caller, a model call like any other: room is held in the
 * caller's monthly limits and, when the wallet pays for its provider, in the wallet before it is
 * asked (reserveModelCalls), and its usage is recorded for the caller (no session, message or
 * decision linked: the judge runs before they exist) at its own cost with no reference cost, so
 * what it costs is counted against the organisation's savings whether it allows a hit or not.
 * A call the limits or the wallet refuse is not made: the pair is then not the same.
 */
export async function createCallerJudge(
  dependencies: Dependencies,
  caller: Caller,
  usable: readonly UsableModel[],
): Promise<CacheJudge | undefined> {
  const chosen = chooseJudgeModel(usable);
  if (!chosen) return undefined;
  const { gateway, instancePaid } = await dependencies.providers.callingFor(caller.orgId);
  const model: CatalogModel = chosen.model;
  const judge = createModelSameQuestionJudge({ provider: gateway, model });
  const wallet = dependencies.wallet?.enforced
    ? { pays: (paid: CatalogModel) => instancePaid.has(paid.provider) }
    : undefined;
  const billedToWallet = instancePaid.has(model.provider);
  const notSame = { same: false, costUsd: 0 };
  return {
    modelId: model.id,
    async judge(query, cachedPrompt, signal) {
      const usageId = randomUUID();
      const inputTokens = await countMessagesTokens(judgeMessages(query, cachedPrompt));
      const { primary } = await reserveModelCalls(
        dependencies.db,
        caller,
        {
          primary: {
            usable: { ...chosen, replyTokenCap: Math.min(chosen.replyTokenCap, judgeMaxOutputTokens) },
            inputTokens,
          },
        },
        { usageId, owner: dependencies.liveReplies.instanceId, wallet },
      );
      if (!primary.granted) return notSame;
      const reservationIds = [primary.reservationId, primary.walletReservationId].filter(
        (id): id is string => id !== undefined,
      );
      try {
        // Too little room left for the one-word answer: asking would only be cut off.
        if (primary.maxOutputTokens < judgeMaxOutputTokens) return notSame;
        const started = performance.now();
        const verdict = await judge.judge(query, cachedPrompt, signal);
        if (verdict.failed)
          dependencies.logger.warn(
            { err: verdict.failed, modelId: model.id },
            'the cache judge failed; the pair is taken as different',
          );
        if (verdict.usage) {
          const saved = await keepCallUsage(dependencies, {
            id: usageId,
            orgId: caller.orgId,
            userId: caller.userId,
            sessionId: null,
            messageId: null,
            decisionId: null,
            modelId: model.id,
            inputTokens: verdict.usage.inputTokens,
            cachedInputTokens: verdict.usage.cachedInputTokens,
            outputTokens: verdict.usage.outputTokens,
            costUsd: verdict.costUsd,
            referenceCostUsd: 0,
            cacheHit: false,
            latencyMs: Math.round(performance.now() - started),
            timeToFirstTokenMs: null,
            estimated: verdict.usage.estimated,
            outcome: verdict.failed ? 'failed' : 'complete',
            billedToWallet,
            finishReason: null,
          });
          if (saved && billedToWallet) dependencies.wallet?.usageRecorded(caller.orgId);
        }
        return { same: verdict.same, costUsd: verdict.costUsd };
      } finally {
        await releaseRoom(dependencies, caller.orgId, reservationIds);
      }
    },
  };
}

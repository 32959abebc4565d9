import { randomUUID } from 'node:crypto';
import {
  costOfUsage,
  countMessagesTokens,
  type CatalogModel,
  type ChatMessage,
  type ProviderName,
} from '../../gateway';
import { messages, type MonthlyLimitKind } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError, notFound } from '../http/app-error';
import { foreignKeyViolationConstraint } from '../shared/foreign-key-violation';
import type { Caller } from '../http/context';
import { insertDecision } from '../routing/decision-repository';
import { decisionOf, refuseOverLimit, type RoutedRequest } from '../routing/route-request';
import type { LimitTotals } from '../usage/reservation-repository';
import { reserveModelCalls } from '../usage/reserve-model-call';
import { noticeWalletEmpty } from '../wallet/wallet-empty-notice';
import { walletCannotPay } from '../wallet/wallet-refusal';
import type { ConversationDependencies } from './conversation-dependencies';
import { fitHistoryToWindow } from './history-window';
import { loadTurns } from './load-history';
import { listUsableModels } from './model-access';
import { releaseRoom } from './release-room';
import type { ReplyPlan } from './reply-plan';
import { openReply, type OpenedReply } from './reply-run';
import { AnsweredFromCache, type CacheHit } from './answered-from-cache';

/** A typical reply's length, for the decision's cost estimate before the reply exists. */
export const expectedReplyTokens = 400;

export interface RoutedReplyTarget {
  sessionId: string;
  userMessageId: string;
  replaceMessageId?: string;
  cache?: ReplyPlan['cache'];
  /** The conversation up to and including the user message, when the caller has it already. */
  turns?: ChatMessage[];
  /** Rows the decision depends on (a new user message and its session), written in its transaction. */
  saveFirst?: (transaction: Executor) => Promise<void>;
  /**
   * The cache look-up, when the model is asked while it runs (docs/decisions/032): no row is
   * written before it settles, and a hit stops the call and throws `AnsweredFromCache`.
   */
  cacheHit?: Promise<CacheHit | undefined>;
  /** Told once the transaction has committed. */
  onSaved?: () => void;
  /**
   * Routes the request again without the models whose monthly limit refused it meanwhile (an
   * automatic request only; a chosen model is refused instead).
   */
  reroute?: (overLimit: ReadonlyMap<string, ModelOverLimit>) => Promise<RoutedRequest>;
}

/** A model whose reservation was refused: which limit, and what was taken of it then. */
export type ModelOverLimit = { limit: MonthlyLimitKind; totals: LimitTotals };

/** How often an automatic request is routed again after its model's room was taken meanwhile. */
const maxReroutes = 3;

/**
 * Records the routing decision for a user message and starts the reply: the history is fitted to
 * the primary model's window (and the backup's, for a fallback). The rows are written while the
 * model starts (see `openReply`), in one transaction, so a decision never exists without its message.
 */
export async function startRoutedReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  initialRoute: RoutedRequest,
  target: RoutedReplyTarget,
  clientSignal?: AbortSignal,
): Promise<OpenedReply> {
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const turns = target.turns ?? (await loadTurns(dependencies.db, owner, target.sessionId, target.userMessageId));
  const usageId = randomUUID();
  const { gateway, instancePaid: walletPays } = await dependencies.providers.callingFor(caller.orgId);
  const { route, history, backup, reservationIds, rerouted } = await reserveRoom(
    dependencies,
    caller,
    initialRoute,
    turns,
    target,
    usageId,
    walletPays,
  );
  const expected = {
    inputTokens: await countMessagesTokens(history),
    cachedInputTokens: 0,
    outputTokens: expectedReplyTokens,
  };
  const decisionId = randomUUID();
  const saveRows = async () => {
    const hit = await target.cacheHit;
    if (hit) throw new AnsweredFromCache(hit);
    const writing = dependencies.db.transaction(async (transaction) => {
      await target.saveFirst?.(transaction);
      await insertDecision(transaction, {
        id: decisionId,
        ...decisionOf(route, caller, target),
        reason: route.reason,
        reasonText: route.reasonText,
        primaryModelId: route.primary.model.id,
        backupModelId: route.backup?.model.id,
        estimatedCostUsd: costOfUsage(route.primary.model, expected),
        estimatedReferenceCostUsd: costOfUsage(route.reference, expected),
      });
    });
    await writing.catch((error: unknown) => {
      throw deletedMeanwhile(error) ?? error;
    });
    target.onSaved?.();
  };
  try {
    // The cache answered while the room was reserved (an exact repeat is found in a millisecond): no model is asked.
    const alreadyFound = target.cacheHit && (await settledAlready(target.cacheHit));
    if (alreadyFound) throw new AnsweredFromCache(alreadyFound);
    return await openReply(
      dependencies,
      {
        caller,
        sessionId: target.sessionId,
        userMessageId: target.userMessageId,
        replaceMessageId: target.replaceMessageId,
        replyMessageId: target.replaceMessageId ?? randomUUID(),
        usageId,
        model: route.primary.model,
        history,
        maxOutputTokens: route.maxOutputTokens,
        reservationIds,
        walletPays,
        gateway,
        inputTokens: expected.inputTokens,
        decisionId,
        reference: route.reference,
        backup,
        // A reply routed again may be of another tier than the cache key says: it is not stored.
        cache: rerouted ? undefined : target.cache,
        generation: { temperature: route.settings.default_temperature, logContent: route.settings.enable_logging },
      },
      clientSignal,
      saveRows,
    );
  } catch (error) {
    // No reply: the call failed before its first part, or its rows could not be written (any usage it had is recorded by now).
    await releaseRoom(dependencies, caller.orgId, reservationIds);
    throw error;
  }
}

/**
 * Holds room in the caller's monthly limits for the route's model, and its backup's if it has some
 * (docs/decisions/019), with the history fitted to each. An automatic request whose model's room was
 * taken meanwhile by another request of the caller is routed again without it; a chosen model is
 * refused with its limit. A backup without room is left out.
 */
async function reserveRoom(
  dependencies: ConversationDependencies,
  caller: Caller,
  initialRoute: RoutedRequest,
  turns: readonly ChatMessage[],
  target: RoutedReplyTarget,
  usageId: string,
  walletPays: ReadonlySet<ProviderName>,
) {
  const wallet = dependencies.wallet?.enforced
    ? { pays: (model: CatalogModel) => walletPays.has(model.provider) }
    : undefined;
  const overLimit = new Map<string, ModelOverLimit>();
  for (let route = initialRoute; ; ) {
    const history = await fitHistoryToWindow(turns, route.primary.model);
    const backupHistory = route.backup ? await fitHistoryToWindow(turns, route.backup.model) : undefined;
    const reserved = await reserveModelCalls(
      dependencies.db,
      caller,
      {
        primary: { usable: route.primary, inputTokens: await countMessagesTokens(history) },
        backup:
          route.backup && backupHistory
            ? { usable: route.backup, inputTokens: await countMessagesTokens(backupHistory) }
            : undefined,
      },
      { usageId, owner: dependencies.liveReplies.instanceId, wallet },
    );
    const { primary } = reserved;
    if (primary.granted) {
      const backupCall = reserved.backup?.granted && route.backup && backupHistory ? reserved.backup : undefined;
      const reservationIds = [
        primary.reservationId,
        primary.walletReservationId,
        backupCall?.reservationId,
        backupCall?.walletReservationId,
      ].filter((id): id is string => id !== undefined);
      const backup = backupCall
        ? { model: route.backup!.model, history: backupHistory!, maxOutputTokens: backupCall.maxOutputTokens }
        : undefined;
      return {
        route: { ...route, backup: backup ? route.backup : undefined, maxOutputTokens: primary.maxOutputTokens },
        history,
        backup,
        reservationIds,
        rerouted: route !== initialRoute,
      };
    }
    if ('wallet' in primary) {
      // The refusal stands whatever becomes of the notice.
      await noticeWalletEmpty(dependencies.db, caller.orgId).catch((error: unknown) =>
        dependencies.logger.warn({ err: error, orgId: caller.orgId }, 'Could not post the wallet-empty notice'),
      );
      throw walletCannotPay(dependencies, caller, route.primary.model, primary.wallet.availablePicodollars);
    }
    overLimit.set(route.primary.model.id, { limit: primary.limit, totals: primary.totals });
    if (route.mode !== 'auto' || !target.reroute || overLimit.size > maxReroutes) {
      const usable = await listUsableModels(dependencies, caller);
      const prompt = turns.at(-1)?.content ?? '';
      throw await refuseOverLimit(
        dependencies,
        caller,
        usable,
        route.primary,
        { limit: primary.limit, totals: primary.totals },
        prompt,
      );
    }
    route = await target.reroute(overLimit);
  }
}

/** The session or user message the rows name was deleted after it was checked: the 404 the check gives. */
function deletedMeanwhile(error: unknown): AppError | undefined {
  const constraint = foreignKeyViolationConstraint(error);
  if (constraint?.endsWith('_session_id_chat_sessions_id_fk')) return notFound(messages.sessionNotFound);
  if (constraint === 'routing_decisions_user_message_id_chat_messages_id_fk') return notFound(messages.messageNotFound);
  return undefined;
}

/** What `promise` resolved to if it has settled by the next turn of the event loop; undefined if not yet. */
async function settledAlready<T>(promise: Promise<T | undefined>): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
}

import { randomUUID } from 'node:crypto';
import { costOfUsage, type ChatMessage } from '../../gateway';
import { usdDecimal } from '../../money';
import { messages } from '../../contracts';
import type { Executor } from '../db/database';
import { type AppError, notFound } from '../http/app-error';
import { foreignKeyViolationConstraint } from '../shared/foreign-key-violation';
import type { Caller } from '../http/context';
import type { BesideRows, RerouteCause } from '../metered-calls/metered-call';
import { insertDecision } from '../metered-calls/decision-repository';
import { decisionOf, refuseOverLimit, type RoutedRequest } from '../routing/route-request';
import type { ConversationDependencies } from './conversation-dependencies';
import { fitHistoryToWindow } from './history-window';
import { loadTurns } from './load-history';
import { listUsableModels } from '../usage/model-access';
import type { OpenedReply } from './opened-reply';
import { replyFromCall } from './reply-from-call';
import { replyTranscript } from './reply-transcript';
import type { ReplyCacheTarget } from './store-reply-in-cache';
import { AnsweredFromCache, type CacheHit } from './answered-from-cache';

/** A typical reply's length, for the decision's cost estimate before the reply exists. */
export const expectedReplyTokens = 400;

export interface RoutedReplyTarget {
  sessionId: string;
  userMessageId: string;
  replaceMessageId?: string;
  cache?: ReplyCacheTarget;
  /** The conversation up to and including the user message, when the caller has it already. */
  turns?: ChatMessage[];
  /** Rows the decision depends on (a new user message and its session), written in its transaction. */
  saveFirst?: (transaction: Executor) => Promise<void>;
  /**
   * The cache look-up, when the model is asked while it runs (docs/decisions/032): no row is
   * written before it settles, and a hit stops the call and throws `AnsweredFromCache`.
   */
  cacheHit?: Promise<CacheHit | undefined>;
  /** Whether the cache's exact tier found the same question (about a millisecond): with `cacheHit`, no model is asked until it has decided. */
  exactTier?: Promise<boolean>;
  /** Told once the transaction has committed. */
  onSaved?: () => void;
  /**
   * Routes the request again without the models whose monthly limit refused it meanwhile, or the
   * paid models once the wallet refused one (an automatic request only; a chosen model is refused instead).
   */
  reroute?: (again: RerouteCause) => Promise<RoutedRequest>;
}

/**
 * Asks the metered model for the reply to a user message, and stores the messages: the routing
 * decision (with the rows it depends on) while the model starts, the reply as it streams. The
 * history is fitted to each model's window; the metered call holds the room, calls, falls back,
 * records and settles (docs/decisions/037).
 */
export async function startRoutedReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  route: RoutedRequest,
  target: RoutedReplyTarget,
  clientSignal?: AbortSignal,
): Promise<OpenedReply> {
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const turns = target.turns ?? (await loadTurns(dependencies.db, owner, target.sessionId, target.userMessageId));
  const prompt = turns.at(-1)?.content ?? '';
  const slot = {
    caller,
    sessionId: target.sessionId,
    userMessageId: target.userMessageId,
    replaceMessageId: target.replaceMessageId,
    replyMessageId: target.replaceMessageId ?? randomUUID(),
  };
  const decisionId = randomUUID();
  let rerouted = false;

  const saveRows = async (planned: RoutedRequest, primary: { inputTokens: number }): Promise<BesideRows> => {
    const hit = await target.cacheHit;
    if (hit) throw new AnsweredFromCache(hit);
    const expected = { inputTokens: primary.inputTokens, cachedInputTokens: 0, outputTokens: expectedReplyTokens };
    const now = new Date();
    return {
      async write(transaction) {
        try {
          await target.saveFirst?.(transaction);
          await insertDecision(transaction, {
            id: decisionId,
            ...decisionOf(planned, caller, slot),
            reason: planned.reason,
            reasonText: planned.reasonText,
            primaryModelId: planned.primary.model.id,
            backupModelId: planned.backup?.model.id,
            estimatedCostUsd: usdDecimal(
              costOfUsage(dependencies.prices.pricesAt(planned.primary.model, now), expected),
            ),
            estimatedReferenceCostUsd: usdDecimal(
              costOfUsage(dependencies.prices.pricesAt(planned.reference, now), expected),
            ),
          });
        } catch (error) {
          throw deletedMeanwhile(error) ?? error;
        }
      },
      written: () => target.onSaved?.(),
    };
  };

  const call = await dependencies.meteredCalls.open({
    asker: { caller, source: 'chat' },
    plan: route,
    request: async (model) => ({
      messages: await fitHistoryToWindow(turns, model),
      temperature: route.settings.default_temperature,
    }),
    reroute:
      route.mode === 'auto' && target.reroute
        ? (again) => {
            rerouted = true;
            return target.reroute!(again);
          }
        : undefined,
    refuse: async (refused, broken) =>
      refuseOverLimit(dependencies, caller, await listUsableModels(dependencies, caller), refused, broken, prompt),
    decisionId,
    // An exact repeat is found in about a millisecond: the model is asked only once the exact tier has
    // missed (the semantic tier is searched meanwhile), so a repeated question asks no model at all.
    beforeCall: target.cacheHit
      ? async () => {
          const exact = target.exactTier ? await target.exactTier : false;
          const found = exact ? await target.cacheHit : await settledAlready(target.cacheHit!);
          if (found) throw new AnsweredFromCache(found);
        }
      : undefined,
    beside: saveRows,
    transcript: replyTranscript(slot),
    signal: clientSignal,
  });
  return replyFromCall(dependencies, call, {
    ...slot,
    prompt,
    turns,
    logContent: route.settings.enable_logging,
    // A reply routed again may be of another tier than the cache key says: it is not stored.
    cache: rerouted ? undefined : target.cache,
  });
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

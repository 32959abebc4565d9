import { isAdministrator, messages, type Feedback, type FeedbackStats, type FeedbackWindow } from '../../contracts';
import { findMessage } from '../conversations/chat-message-repository';
import type { Database, Executor } from '../db/database';
import { recordCalibrationSignal } from '../routing/calibration/calibration-repository';
import { calibrationMoveOf } from '../routing/calibration/calibration-signal';
import { findSession } from '../conversations/chat-session-repository';
import { findOwnDecision, latestDecisionsForReplies, setDecisionFeedback } from '../metered-calls/decision-repository';
import type { LearnUserSignal } from '../routing/organisation-router/learn-from-user-signals';
import type { LearnCacheSignal } from '../routing/cache-learning/learn-from-cache-signals';
import type { ReplyCache } from '../routing/reply-cache';
import { AppError, forbidden, notFound } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { isUuid } from '../shared/ids';
import { uniqueViolationIndex } from '../shared/unique-violation';
import { feedbackStats, presentFeedback } from './feedback-report';
import { findFeedback, insertFeedback, listFeedback } from './feedback-repository';
import { feedbackWindow } from './feedback-window';

/**
 * Rates one of the caller's own replies, once: the selection_id names the routing decision behind
 * the reply (or, for replies from before routing decisions, the reply itself). A decision that a
 * regeneration has since replaced is rated on its own, without touching the reply's new answer.
 */
export async function submitFeedback(
  db: Database,
  caller: Caller,
  input: { selection_id: string; org_id: string; user_id: string; feedback: Feedback['feedback'] },
  effects: { cache?: ReplyCache; learn?: LearnUserSignal; learnCache?: LearnCacheSignal } = {},
): Promise<Feedback> {
  const { cache, learn, learnCache } = effects;
  if (input.org_id !== caller.orgId || input.user_id !== caller.userId) throw forbidden();
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const target = isUuid(input.selection_id) ? await findRatedReply(db, owner, input.selection_id) : undefined;
  if (!target) throw notFound(messages.messageNotFound);
  const { cacheEntryId, route, ...rated } = target;
  const move = route ? calibrationMoveOf(route, { kind: 'rating', rating: input.feedback }) : undefined;
  try {
    const saved = await db.transaction(async (transaction) => {
      const row = await insertFeedback(transaction, { ...owner, ...rated, rating: input.feedback });
      if (rated.decisionId) await setDecisionFeedback(transaction, caller.orgId, rated.decisionId, input.feedback);
      // A rating of a reply the router sent to a cheaper tier moves the organisation's threshold for
      // the prompt's kind; of a reply from the cache, its cache threshold (docs/decisions/028, 033).
      if (rated.decisionId && move)
        await recordCalibrationSignal(transaction, caller.orgId, rated.decisionId, move, 'rating');
      return presentFeedback(row);
    });
    // The same signal teaches the organisation's own router (docs/decisions/072). Only the reply's
    // current answer is learned: an earlier one may have answered a prompt since rewritten.
    if (route && move && move.target !== 'cache' && rated.messageId)
      learn?.({
        orgId: caller.orgId,
        globalRouterScore: route.globalRouterScore,
        direction: move.direction,
        question: async () =>
          route.userMessageId ? (await findMessage(db, owner, route.userMessageId))?.content : undefined,
      });
    // A bad rating of a semantic hit says its stored reply did not answer: a label for the learned cache (docs/decisions/080).
    if (move?.target === 'cache' && move.direction === 'stricter' && rated.decisionId)
      learnCache?.({ orgId: caller.orgId, decisionId: rated.decisionId });
    // A reply rated bad is never served from the cache again: neither the entry it came from nor any made from it.
    if (input.feedback === 'negative' && cache) {
      if (cacheEntryId) await cache.forgetEntry(caller.orgId, cacheEntryId);
      if (rated.messageId) await cache.forgetReply(caller.orgId, rated.messageId);
    }
    return saved;
  } catch (error) {
    const index = uniqueViolationIndex(error);
    if (index === 'feedback_message_unique' || index === 'feedback_decision_unique')
      throw new AppError('conflict', messages.feedbackAlreadyGiven);
    throw error;
  }
}

async function findRatedReply(db: Executor, owner: { orgId: string; userId: string }, selectionId: string) {
  const decision = await findOwnDecision(db, owner, selectionId);
  // A reply in a deleted conversation (restorable for a while) is not rated until it is restored.
  if (decision?.sessionId && !(await findSession(db, owner, decision.sessionId))) return undefined;
  if (decision?.replyMessageId) {
    const latest = (await latestDecisionsForReplies(db, owner.orgId, [decision.replyMessageId])).get(
      decision.replyMessageId,
    );
    const current = latest?.id === decision.id;
    return {
      decisionId: decision.id,
      messageId: current ? decision.replyMessageId : null,
      modelId: decision.servedModelId,
      cacheEntryId: decision.cacheEntryId,
      route: decision,
    };
  }
  // A program's answer (docs/decisions/055): a completed decision with no session or message, rated by its id.
  if (decision && !decision.sessionId && !decision.userMessageId && decision.completedAt)
    return {
      decisionId: decision.id,
      messageId: null,
      modelId: decision.servedModelId,
      cacheEntryId: decision.cacheEntryId,
      route: decision,
    };
  const reply = await findMessage(db, owner, selectionId);
  return reply?.role === 'assistant'
    ? { decisionId: null, messageId: reply.id, modelId: reply.modelId, cacheEntryId: null, route: undefined }
    : undefined;
}

/**
 * Whose feedback a call covers: an admin sees the organisation (or one user in it), anyone else
 * only their own. The organisation in the path must be the caller's.
 */
function feedbackScope(caller: Caller, orgId: string, userId: string | undefined, window: FeedbackWindow) {
  if (orgId !== caller.orgId) throw forbidden();
  if (!isAdministrator(callerAccess(caller)) && userId !== undefined && userId !== caller.userId) throw forbidden();
  const scopedUserId = isAdministrator(callerAccess(caller)) ? userId : caller.userId;
  return { userId: scopedUserId, ...feedbackWindow(window) };
}

export async function feedbackHistory(
  db: Executor,
  caller: Caller,
  orgId: string,
  query: FeedbackWindow & { userId?: string; limit?: number },
): Promise<Feedback[]> {
  const filter = { ...feedbackScope(caller, orgId, query.userId, query), limit: query.limit };
  return (await listFeedback(db, caller.orgId, filter)).map(presentFeedback);
}

/** The whole organisation's ratings counted; the route lets in only those who may see them. */
export async function feedbackStatistics(db: Executor, orgId: string, window: FeedbackWindow): Promise<FeedbackStats> {
  return feedbackStats(await listFeedback(db, orgId, feedbackWindow(window)));
}

export async function feedbackById(db: Executor, caller: Caller, feedbackId: string): Promise<Feedback> {
  const row = isUuid(feedbackId) ? await findFeedback(db, caller.orgId, feedbackId) : undefined;
  if (!row || (row.userId !== caller.userId && !isAdministrator(callerAccess(caller))))
    throw notFound(messages.feedbackNotFound);
  return presentFeedback(row);
}

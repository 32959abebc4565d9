import { costOfUsage, estimateMessagesTokens } from '../../gateway';
import type { Caller } from '../http/context';
import { insertDecision } from '../routing/decision-repository';
import { decisionOf, type RoutedRequest } from '../routing/route-request';
import type { ConversationDependencies } from './conversation-dependencies';
import { fitHistoryToWindow } from './history-window';
import { loadTurns } from './load-history';
import type { ReplyPlan } from './reply-plan';
import { openReply, type OpenedReply } from './reply-run';

/** A typical reply's length, for the decision's cost estimate before the reply exists. */
export const expectedReplyTokens = 400;

/**
 * Records the routing decision for a saved user message and starts the reply: the history is
 * fitted to the primary model's window (and the backup's, for a fallback).
 */
export async function startRoutedReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  route: RoutedRequest,
  target: { sessionId: string; userMessageId: string; replaceMessageId?: string; cache?: ReplyPlan['cache'] },
  clientSignal?: AbortSignal,
): Promise<OpenedReply> {
  const owner = { orgId: caller.orgId, userId: caller.userId };
  // Read once; each model gets the turns its own window holds.
  const turns = await loadTurns(dependencies.db, owner, target.sessionId, target.userMessageId);
  const history = fitHistoryToWindow(turns, route.primary.model);
  const backup = route.backup ? { model: route.backup.model, history: fitHistoryToWindow(turns, route.backup.model) } : undefined;
  const expected = { inputTokens: estimateMessagesTokens(history), cachedInputTokens: 0, outputTokens: expectedReplyTokens };
  const decision = await insertDecision(dependencies.db, {
    ...decisionOf(route, caller, target),
    reason: route.reason,
    reasonText: route.reasonText,
    primaryModelId: route.primary.model.id,
    backupModelId: route.backup?.model.id,
    estimatedCostUsd: costOfUsage(route.primary.model, expected),
    estimatedReferenceCostUsd: costOfUsage(route.reference, expected),
  });
  return openReply(
    dependencies,
    {
      caller,
      sessionId: target.sessionId,
      userMessageId: target.userMessageId,
      replaceMessageId: target.replaceMessageId,
      model: route.primary.model,
      history,
      decisionId: decision.id,
      reference: route.reference,
      backup,
      cache: target.cache,
    },
    clientSignal,
  );
}

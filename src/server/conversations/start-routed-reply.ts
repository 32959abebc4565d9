import { randomUUID } from 'node:crypto';
import { costOfUsage, estimateMessagesTokens, type ChatMessage } from '../../gateway';
import type { Executor } from '../db/database';
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

export interface RoutedReplyTarget {
  sessionId: string;
  userMessageId: string;
  replaceMessageId?: string;
  cache?: ReplyPlan['cache'];
  /** The conversation up to and including the user message, when the caller has it already. */
  turns?: ChatMessage[];
  /** Rows the decision depends on (a new user message and its session), written in its transaction. */
  saveFirst?: (transaction: Executor) => Promise<void>;
  /** Told once the transaction has committed. */
  onSaved?: () => void;
}

/**
 * Records the routing decision for a user message and starts the reply: the history is fitted to
 * the primary model's window (and the backup's, for a fallback). The rows are written while the
 * model starts (see `openReply`), in one transaction, so a decision never exists without its message.
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
  const history = fitHistoryToWindow(turns, route.primary.model);
  const backup = route.backup ? { model: route.backup.model, history: fitHistoryToWindow(turns, route.backup.model) } : undefined;
  const expected = { inputTokens: estimateMessagesTokens(history), cachedInputTokens: 0, outputTokens: expectedReplyTokens };
  const decisionId = randomUUID();
  const saveRows = async () => {
    await dependencies.db.transaction(async (transaction) => {
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
    target.onSaved?.();
  };
  return openReply(
    dependencies,
    {
      caller,
      sessionId: target.sessionId,
      userMessageId: target.userMessageId,
      replaceMessageId: target.replaceMessageId,
      replyMessageId: target.replaceMessageId ?? randomUUID(),
      model: route.primary.model,
      history,
      inputTokens: expected.inputTokens,
      decisionId,
      reference: route.reference,
      backup,
      cache: target.cache,
    },
    clientSignal,
    saveRows,
  );
}

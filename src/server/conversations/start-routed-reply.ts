import { randomUUID } from 'node:crypto';
import { costOfUsage, estimateMessagesTokens, type ChatMessage } from '../../gateway';
import { messages } from '../../contracts';
import type { Executor } from '../db/database';
import { AppError, notFound } from '../http/app-error';
import { foreignKeyViolationConstraint } from '../shared/foreign-key-violation';
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
  const backup = route.backup
    ? { model: route.backup.model, history: fitHistoryToWindow(turns, route.backup.model), maxOutputTokens: route.backup.maxOutputTokens }
    : undefined;
  const expected = { inputTokens: estimateMessagesTokens(history), cachedInputTokens: 0, outputTokens: expectedReplyTokens };
  const decisionId = randomUUID();
  const saveRows = async () => {
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
      generation: {
        temperature: route.settings.default_temperature,
        maxOutputTokens: route.primary.maxOutputTokens,
        logContent: route.settings.enable_logging,
      },
    },
    clientSignal,
    saveRows,
  );
}

/** The session or user message the rows name was deleted after it was checked: the 404 the check gives. */
function deletedMeanwhile(error: unknown): AppError | undefined {
  const constraint = foreignKeyViolationConstraint(error);
  if (constraint?.endsWith('_session_id_chat_sessions_id_fk')) return notFound(messages.sessionNotFound);
  if (constraint === 'routing_decisions_user_message_id_chat_messages_id_fk') return notFound(messages.messageNotFound);
  return undefined;
}

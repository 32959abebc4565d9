import { messages, type RegenerateRequest } from '../../contracts';
import { notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { isUuid } from '../shared/ids';
import type { Executor } from '../db/database';
import { recordCalibrationSignal } from '../routing/calibration/calibration-repository';
import { directionOf } from '../routing/calibration/calibration-rule';
import { latestDecisionsForReplies } from '../routing/decision-repository';
import { routeRequest } from '../routing/route-request';
import { listSessionMessages } from './chat-message-repository';
import { findSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import type { OpenedReply } from './reply-run';
import { enterSetup, type SetupTicket } from './setup-gate';
import { startRoutedReply } from './start-routed-reply';

/**
 * Answers a user message again with the forced model. `message_id` names the reply to replace
 * (it keeps its id, as the web app expects) or the user message to answer; a user message with
 * no reply after it gets a new one.
 */
export async function regenerateReply(
  dependencies: ConversationDependencies,
  caller: Caller,
  input: RegenerateRequest,
  clientSignal?: AbortSignal,
): Promise<OpenedReply> {
  const ticket = await enterSetup(dependencies, clientSignal);
  try {
    return await setUpRegeneration(dependencies, caller, input, ticket, clientSignal);
  } finally {
    ticket.leave();
  }
}

async function setUpRegeneration(
  dependencies: ConversationDependencies,
  caller: Caller,
  input: RegenerateRequest,
  ticket: SetupTicket,
  clientSignal?: AbortSignal,
): Promise<OpenedReply> {
  const owner = { orgId: caller.orgId, userId: caller.userId };
  if (!isUuid(input.session_id) || !isUuid(input.message_id)) throw notFound(messages.messageNotFound);
  if (!(await findSession(dependencies.db, owner, input.session_id))) throw notFound(messages.sessionNotFound);
  const rows = (await listSessionMessages(dependencies.db, owner, input.session_id)).map((row) => row.message);
  const index = rows.findIndex((message) => message.id === input.message_id);
  if (index < 0) throw notFound(messages.messageNotFound);
  const target = rows[index]!;
  const prompt = target.role === 'user' ? target : rows.slice(0, index).findLast((message) => message.role === 'user');
  if (!prompt) throw notFound(messages.messageNotFound);
  const following = rows[index + 1];
  const replaceMessageId = target.role === 'assistant' ? target.id : following?.role === 'assistant' ? following.id : undefined;

  const previousUserTurn = rows.slice(0, rows.indexOf(prompt)).findLast((message) => message.role === 'user')?.content;
  const route = await routeRequest(dependencies, caller, prompt.content, input.forced_model_id, previousUserTurn);
  // Asking a stronger model again for a reply the router sent to a cheaper tier says the cheaper
  // tier was not enough: it moves the organisation's threshold with the new decision (docs/decisions/028).
  const replaced = replaceMessageId ? (await latestDecisionsForReplies(dependencies.db, caller.orgId, [replaceMessageId])).get(replaceMessageId) : undefined;
  const direction = replaced ? directionOf(replaced, { kind: 'regenerated', newTier: route.primary.model.tier }) : undefined;
  const saveFirst = replaced && direction ? (transaction: Executor) => recordCalibrationSignal(transaction, caller.orgId, replaced.id, direction, 'regeneration').then(() => undefined) : undefined;
  const replyTarget = { sessionId: input.session_id, userMessageId: prompt.id, replaceMessageId, saveFirst, onSaved: () => ticket.leave() };
  const reply = await startRoutedReply(dependencies, caller, route, replyTarget, clientSignal);
  // Asked again (not refused by a limit, the new answer under way), so the answer being replaced
  // must not be served from the cache any more.
  // The reply is open and must be answered: a failure here is only logged.
  if (replaceMessageId) {
    await dependencies.routing.cache?.forgetReply(caller.orgId, replaceMessageId).catch((error: unknown) => dependencies.logger.error({ err: error }, 'forgetting a regenerated reply in the cache failed'));
  }
  return reply;
}

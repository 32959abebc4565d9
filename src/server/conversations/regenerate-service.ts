import { messages, sessionTitleFromPrompt, type RegenerateRequest } from '../../contracts';
import { notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { isUuid } from '../shared/ids';
import type { Executor } from '../db/database';
import { recordCalibrationSignal } from '../routing/calibration/calibration-repository';
import { calibrationMoveOf } from '../routing/calibration/calibration-signal';
import { latestDecisionsForReplies } from '../metered-calls/decision-repository';
import { learnFromUserSignals } from '../routing/organisation-router/learn-from-user-signals';
import { learnFromCacheSignals } from '../routing/cache-learning/learn-from-cache-signals';
import { routeRequest } from '../routing/route-request';
import type { RerouteCause } from '../metered-calls/metered-call';
import {
  findMessage,
  listSessionMessages,
  replaceReply,
  updateMessageContent,
  type ChatMessageRecord,
} from './chat-message-repository';
import { findSession, retitleSession, type SessionOwner } from './chat-session-repository';
import { turnsOf } from './load-history';
import { branchOffEdit } from './message-branch-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import type { OpenedReply } from './opened-reply';
import { enterSetup, type SetupTicket } from './setup-gate';
import { startRoutedReply } from './start-routed-reply';

/**
 * Answers a user message again with the forced model. `message_id` names the reply to replace
 * (it keeps its id, as the web app expects, and its answer so far is kept as an earlier version)
 * or the user message to answer; a user message with no reply after it gets a new one. With
 * `content`, the user message is rewritten to it and the rewritten prompt is answered.
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
  const replaceMessageId =
    target.role === 'assistant' ? target.id : following?.role === 'assistant' ? following.id : undefined;

  // An edit asks the rewritten prompt; the reply's answer to the old one is kept as a version.
  const edited = input.content !== undefined && input.content !== prompt.content ? input.content : undefined;
  const promptIndex = rows.indexOf(prompt);
  const previousUserTurn = rows.slice(0, promptIndex).findLast((message) => message.role === 'user')?.content;
  const route = await routeRequest(
    dependencies,
    caller,
    edited ?? prompt.content,
    input.forced_model_id,
    previousUserTurn,
  );
  // Asking a stronger model again, or asking again in other words, for a reply the router sent to a
  // cheaper tier says the cheaper tier was not enough: it moves the organisation's threshold for the
  // prompt's kind (docs/decisions/028, 033). Asking again after a reply from the cache says the
  // stored answer did not serve: it raises the organisation's cache threshold.
  const replaced = replaceMessageId
    ? (await latestDecisionsForReplies(dependencies.db, caller.orgId, [replaceMessageId])).get(replaceMessageId)
    : undefined;
  const signal = edited
    ? ({ kind: 'edited' } as const)
    : ({ kind: 'regenerated', newTier: route.primary.model.tier } as const);
  const move = replaced ? calibrationMoveOf(replaced, signal) : undefined;
  const saveFirst = async (transaction: Executor) => {
    if (edited) await saveEdit(transaction, owner, prompt, edited, replaceMessageId);
    // A title made from the first message follows its edit; one the user chose stays.
    if (edited && rows.find((message) => message.role === 'user') === prompt)
      await retitleSession(transaction, owner, input.session_id, {
        madeFrom: sessionTitleFromPrompt(prompt.content),
        title: sessionTitleFromPrompt(edited),
      });
    if (replaced && move)
      await recordCalibrationSignal(transaction, caller.orgId, replaced.id, move, edited ? 'edit' : 'regeneration');
  };
  const turns = edited ? turnsOf([...rows.slice(0, promptIndex), { ...prompt, content: edited }]) : undefined;
  const replyTarget = {
    sessionId: input.session_id,
    userMessageId: prompt.id,
    replaceMessageId,
    turns,
    saveFirst,
    onSaved: () => ticket.leave(),
    reroute: (again: RerouteCause) =>
      routeRequest(dependencies, caller, edited ?? prompt.content, input.forced_model_id, previousUserTurn, again),
  };
  const reply = await startRoutedReply(dependencies, caller, route, replyTarget, clientSignal);
  // Asking a stronger model again teaches the organisation's own router too (docs/decisions/072);
  // an edit asks another prompt, so it says nothing certain about the old one.
  if (replaced && move && move.target !== 'cache' && !edited)
    learnFromUserSignals(dependencies)({
      orgId: caller.orgId,
      globalRouterScore: replaced.globalRouterScore,
      direction: move.direction,
      question: async () => prompt.content,
    });
  // Asking again after a semantic hit, in the same or other words, says its stored reply did not
  // answer: a label for the organisation's learned cache (docs/decisions/080).
  if (replaced && move?.target === 'cache' && move.direction === 'stricter')
    learnFromCacheSignals(dependencies)({ orgId: caller.orgId, decisionId: replaced.id });
  // Asked again (not refused by a limit, the new answer under way), so the answer being replaced
  // must not be served from the cache any more.
  // The reply is open and must be answered: a failure here is only logged.
  if (replaceMessageId) {
    await dependencies.routing.cache
      ?.forgetReply(caller.orgId, replaceMessageId)
      .catch((error: unknown) =>
        dependencies.logger.error({ err: error }, 'forgetting a regenerated reply in the cache failed'),
      );
  }
  return reply;
}

/**
 * The user's rewritten prompt, saved with the decision so it is kept whatever the model does; the
 * reply's answer to the old prompt becomes an earlier version at once, and the reply waits empty
 * for the new answer. The old prompt, its answer and the turns after them stay as the message's
 * earlier version, a branch the owner can show again (docs/decisions/054).
 */
async function saveEdit(
  transaction: Executor,
  owner: SessionOwner,
  prompt: ChatMessageRecord,
  content: string,
  replyId: string | undefined,
): Promise<void> {
  const reply = replyId ? await findMessage(transaction, owner, replyId) : undefined;
  await branchOffEdit(transaction, owner, (await findMessage(transaction, owner, prompt.id)) ?? prompt, reply);
  if (replyId)
    await replaceReply(
      transaction,
      owner,
      replyId,
      { content: '', modelId: null, status: 'failed', tokens: 0, streamOwner: null },
      prompt.content,
    );
  if (!(await updateMessageContent(transaction, owner, prompt.id, content))) throw notFound(messages.messageNotFound);
}

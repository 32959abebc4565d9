import { randomUUID } from 'node:crypto';
import { messages, sessionTitleFromPrompt, type SendMessageRequest } from '../../contracts';
import { estimateTextTokens } from '../../gateway';
import type { Executor } from '../db/database';
import { confirmSameCaller, type PendingSignInCheck } from '../auth/session-service';
import { forbidden, notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { isUuid } from '../shared/ids';
import { cacheSettingsFor } from '../routing/reply-cache';
import { routeRequest } from '../routing/route-request';
import { startCachedReply } from './cached-reply';
import { insertMessage } from './chat-message-repository';
import { createSession, findSession, lockLiveSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import { loadTurns } from './load-history';
import type { OpenedReply } from './reply-run';
import { enterSetup, type SetupTicket } from './setup-gate';
import { startRoutedReply } from './start-routed-reply';

/** Ids the web app gives sessions not yet saved (spec section 3); they start a new session. */
const temporarySessionId = /^(temp-|new_)/;

export interface SendMessageOptions {
  clientSignal?: AbortSignal;
  /** Told as soon as the message is saved, so even a failing answer can name its session. */
  onSaved?: (saved: { sessionId: string; userMessageId: string }) => void;
  /**
   * The sign-in check still owed when `caller` is a recent look-up: run as the first statement of
   * the transaction that saves the message, so nothing is saved, and no reply opens, for a sign-in
   * that has ended (401) or a caller that changed (CallerChanged: send again as the current one).
   */
  signIn?: PendingSignInCheck;
}

/**
 * Checks the request, saves the user's message (creating the session in the same transaction
 * when there is none) and starts the reply; a model is asked while the message is being saved.
 * Anything that fails after the save leaves the message in place; a failure before the reply's
 * first part is thrown as an AppError.
 */
export async function sendMessage(
  dependencies: ConversationDependencies,
  caller: Caller,
  input: SendMessageRequest,
  options: SendMessageOptions = {},
): Promise<{ reply: OpenedReply; sessionId: string; userMessageId: string }> {
  const ticket = await enterSetup(dependencies, options.clientSignal);
  try {
    return await setUpMessage(dependencies, caller, input, options, ticket);
  } finally {
    ticket.leave();
  }
}

async function setUpMessage(
  dependencies: ConversationDependencies,
  caller: Caller,
  input: SendMessageRequest,
  options: SendMessageOptions,
  ticket: SetupTicket,
): Promise<{ reply: OpenedReply; sessionId: string; userMessageId: string }> {
  const { clientSignal, onSaved, signIn } = options;
  if (input.org_id !== caller.orgId || input.user_id !== caller.userId) throw forbidden();
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const requestedSessionId = input.session_id && !temporarySessionId.test(input.session_id) ? input.session_id : undefined;
  if (requestedSessionId && (!isUuid(requestedSessionId) || !(await findSession(dependencies.db, owner, requestedSessionId)))) {
    throw notFound(messages.sessionNotFound);
  }
  const context = requestedSessionId ? await loadTurns(dependencies.db, owner, requestedSessionId) : [];
  const previousUserTurn = context.findLast((message) => message.role === 'user')?.content;
  const route = await routeRequest(dependencies, caller, input.prompt, input.forced_model_id, previousUserTurn);
  const cacheRequest = {
    prompt: input.prompt,
    contextMessages: context,
    systemPrompt: '',
    // An automatic reply answers again only where the router would pick the same tier (so a raised
    // quality target is not met with a smaller model's old answer); a chosen model's only for that model.
    modelClass: route.mode === 'auto' ? `auto:tier-${route.primary.model.tier}` : route.primary.model.id,
  };
  const cacheSettings = cacheSettingsFor(route.policy, dependencies.routing.cacheDefaults);
  // The cache only ever saves money: when it (or a remote embeddings endpoint) fails, a model answers.
  const lookup = await dependencies.routing.cache?.lookup(caller.orgId, cacheRequest, cacheSettings).catch((error: unknown) => {
    dependencies.logger.warn({ err: error }, 'cache lookup failed; asking a model');
    return undefined;
  });

  // Ids chosen here, so the model can be asked while the rows are being written.
  const saved = { sessionId: requestedSessionId ?? randomUUID(), userMessageId: randomUUID() };
  const saveMessage = async (executor: Executor) => {
    if (signIn) await confirmSameCaller(signIn, caller, executor);
    if (!requestedSessionId) await createSession(executor, owner, sessionTitleFromPrompt(input.prompt), saved.sessionId);
    // Deleted since it was checked: its rows stay until the undo window ends, but it takes no new message.
    else if (!(await lockLiveSession(executor, owner, requestedSessionId))) throw notFound(messages.sessionNotFound);
    await insertMessage(executor, {
      ...owner,
      id: saved.userMessageId,
      sessionId: saved.sessionId,
      role: 'user',
      content: input.prompt,
      modelId: lookup?.hit ? lookup.entry.modelId : route.primary.model.id,
      tokens: estimateTextTokens(input.prompt),
    });
  };
  if (lookup?.hit) {
    await dependencies.db.transaction(saveMessage);
    onSaved?.(saved);
    return { reply: await startCachedReply(dependencies, caller, route, lookup, saved), ...saved };
  }
  const reply = await startRoutedReply(
    dependencies,
    caller,
    route,
    {
      ...saved,
      turns: [...context, { role: 'user', content: input.prompt }],
      cache: { request: cacheRequest, settings: cacheSettings, embedding: lookup?.embedding },
      saveFirst: saveMessage,
      reroute: (overLimit) => routeRequest(dependencies, caller, input.prompt, input.forced_model_id, previousUserTurn, overLimit),
      onSaved: () => {
        // Set up: the model is answering, the rows are written; the next request may start.
        ticket.leave();
        onSaved?.(saved);
      },
    },
    clientSignal,
  );
  return { reply, ...saved };
}

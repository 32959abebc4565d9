import { messages, sessionTitleFromPrompt, type SendMessageRequest } from '../../contracts';
import { estimateTextTokens } from '../../gateway';
import { forbidden, notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { isUuid } from '../shared/ids';
import { routeRequest } from '../routing/route-request';
import { insertMessage } from './chat-message-repository';
import { createSession, findSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import type { OpenedReply } from './reply-run';
import { startRoutedReply } from './start-routed-reply';

/** Ids the web app gives sessions not yet saved (spec section 3); they start a new session. */
const temporarySessionId = /^(temp-|new_)/;

/**
 * Checks the request, saves the user's message (creating the session in the same transaction
 * when there is none), then starts the reply. Anything that fails after the save leaves the
 * message in place; a failure before the reply's first part is thrown as an AppError.
 */
export async function sendMessage(
  dependencies: ConversationDependencies,
  caller: Caller,
  input: SendMessageRequest,
  clientSignal?: AbortSignal,
): Promise<{ reply: OpenedReply; sessionId: string; userMessageId: string }> {
  if (input.org_id !== caller.orgId || input.user_id !== caller.userId) throw forbidden();
  const owner = { orgId: caller.orgId, userId: caller.userId };
  const requestedSessionId = input.session_id && !temporarySessionId.test(input.session_id) ? input.session_id : undefined;
  if (requestedSessionId && (!isUuid(requestedSessionId) || !(await findSession(dependencies.db, owner, requestedSessionId)))) {
    throw notFound(messages.sessionNotFound);
  }
  const route = await routeRequest(dependencies, caller, input.prompt, input.forced_model_id);

  const saved = await dependencies.db.transaction(async (transaction) => {
    const sessionId = requestedSessionId ?? (await createSession(transaction, owner, sessionTitleFromPrompt(input.prompt))).id;
    const message = await insertMessage(transaction, {
      ...owner,
      sessionId,
      role: 'user',
      content: input.prompt,
      modelId: route.primary.model.id,
      tokens: estimateTextTokens(input.prompt),
    });
    return { sessionId, userMessageId: message.id };
  });
  const reply = await startRoutedReply(dependencies, caller, route, saved, clientSignal);
  return { reply, ...saved };
}

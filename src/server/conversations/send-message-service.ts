import { randomUUID } from 'node:crypto';
import { messages, sessionTitleFromPrompt, type SendMessageRequest } from '../../contracts';
import { countTextTokens, type CacheSettings } from '../../gateway';
import type { Executor } from '../db/database';
import { confirmSameCaller, type PendingSignInCheck } from '../auth/session-service';
import { forbidden, notFound } from '../http/app-error';
import type { Caller } from '../http/context';
import { noteCacheOutcome } from '../observability/request-observation';
import { traced } from '../observability/tracing/tracing';
import { isUuid } from '../shared/ids';
import { createCallerJudge } from '../routing/cache-judge';
import { cacheSettingsFor } from '../routing/cache-lookup-settings';
import type { CacheLookup } from '../routing/reply-cache';
import { routeRequest, type RoutedRequest } from '../routing/route-request';
import { startCachedReply } from './cached-reply';
import { AnsweredFromCache, type CacheHit } from './answered-from-cache';
import type { ReplyCacheTarget } from './store-reply-in-cache';
import { insertMessage } from './chat-message-repository';
import { lastShownMessageId } from './message-branch-repository';
import { createSession, findSession, lockLiveSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import { loadTurns } from './load-history';
import { listUsableModels } from '../usage/model-access';
import type { OpenedReply } from './opened-reply';
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
  const requestedSessionId =
    input.session_id && !temporarySessionId.test(input.session_id) ? input.session_id : undefined;
  if (
    requestedSessionId &&
    (!isUuid(requestedSessionId) || !(await findSession(dependencies.db, owner, requestedSessionId)))
  ) {
    throw notFound(messages.sessionNotFound);
  }
  const context = requestedSessionId ? await loadTurns(dependencies.db, owner, requestedSessionId) : [];
  const previousUserTurn = context.findLast((message) => message.role === 'user')?.content;
  // Embedded at most once, and only if the router or the cache's semantic tier asks (docs/decisions/062).
  const promptEmbedding = dependencies.routing.cache?.embeddingFor(input.prompt);
  const route = await traced('plan', () =>
    routeRequest(dependencies, caller, input.prompt, input.forced_model_id, previousUserTurn, {}, promptEmbedding),
  );
  // Counted beside the cache lookup, in slices that give the event loop back (a prompt may have 200,000 characters).
  const promptTokens = countTextTokens(input.prompt);
  const cacheRequest = {
    prompt: input.prompt,
    contextMessages: context,
    systemPrompt: '',
    // An automatic reply answers again only where the router would pick the same tier (so a raised
    // quality target is not met with a smaller model's old answer); a chosen model's only for that model.
    modelClass: route.mode === 'auto' ? `auto:tier-${route.primary.model.tier}` : route.primary.model.id,
  };
  const cacheSettings = cacheSettingsFor(route.policy, dependencies.routing.cacheDefaults, route.calibration.cache);
  // The cache only ever saves money: when it (or a remote embeddings endpoint) fails, a model answers.
  const judgeFor = dependencies.routing.cacheJudge
    ? async () => createCallerJudge(dependencies, caller, await listUsableModels(dependencies, caller, route.settings))
    : undefined;
  // Whether the exact tier found the same question: known in about a millisecond, before the semantic tier.
  let exactTierDecided!: (found: boolean) => void;
  const exactTier = new Promise<boolean>((resolve) => (exactTierDecided = resolve));
  const looking = traced(
    'cache',
    async () =>
      (await dependencies.routing.cache?.lookup(caller.orgId, cacheRequest, cacheSettings, {
        judgeFor,
        embedding: promptEmbedding,
        // Auto's semantic hits are decided by the organisation's learned threshold once it has enough labels (docs/decisions/080).
        learning: { delta: route.policy.cache.error_rate, auto: route.mode === 'auto' },
        onExactTier: exactTierDecided,
      })) ?? undefined,
  )
    .catch((error: unknown) => {
      dependencies.logger.warn({ err: error }, 'cache lookup failed; asking a model');
      return undefined;
    })
    .finally(() => exactTierDecided(false));
  const hitOf = async () => {
    const lookup = await looking;
    return lookup?.hit ? lookup : undefined;
  };

  // Ids chosen here, so the model can be asked while the rows are being written.
  const saved = { sessionId: requestedSessionId ?? randomUUID(), userMessageId: randomUUID() };
  const saveMessage = (modelId: string) => async (executor: Executor) => {
    if (signIn) await confirmSameCaller(signIn, caller, executor);
    if (!requestedSessionId)
      await createSession(executor, owner, sessionTitleFromPrompt(input.prompt), saved.sessionId);
    // Deleted since it was checked: its rows stay until the undo window ends, but it takes no new message.
    else if (!(await lockLiveSession(executor, owner, requestedSessionId))) throw notFound(messages.sessionNotFound);
    // Read under the session's lock, so messages sent at once follow each other in one branch.
    const parentMessageId = requestedSessionId
      ? await lastShownMessageId(executor, owner, requestedSessionId)
      : undefined;
    await insertMessage(executor, {
      ...owner,
      id: saved.userMessageId,
      sessionId: saved.sessionId,
      parentMessageId: parentMessageId ?? null,
      role: 'user',
      content: input.prompt,
      modelId,
      tokens: await promptTokens,
    });
  };
  const answerFromCache = async (hit: CacheHit) => {
    await dependencies.db.transaction(saveMessage(hit.entry.modelId));
    onSaved?.(saved);
    const reply = await startCachedReply(dependencies, caller, route, hit, { ...saved, prompt: input.prompt });
    return { reply: learnedAfter(dependencies, caller, looking, reply), ...saved };
  };
  const askModel = (cache: ReplyCacheTarget, cacheHit?: Promise<CacheHit | undefined>) =>
    startRoutedReply(
      dependencies,
      caller,
      route,
      {
        ...saved,
        turns: [...context, { role: 'user', content: input.prompt }],
        cache,
        cacheHit,
        exactTier: cacheHit && exactTier,
        saveFirst: saveMessage(route.primary.model.id),
        reroute: (again) =>
          routeRequest(
            dependencies,
            caller,
            input.prompt,
            input.forced_model_id,
            previousUserTurn,
            again,
            promptEmbedding,
          ),
        onSaved: () => {
          // Set up: the model is answering, the rows are written; the next request may start.
          ticket.leave();
          onSaved?.(saved);
        },
      },
      clientSignal,
    );

  // A hit says so itself (the cached reply notes it); anything else is a miss, or no cache at all.
  noteCacheOutcome(dependencies.routing.cache && cacheSettings.enabled ? 'miss' : 'off');
  if (!asksWhileLooking(dependencies, route, cacheSettings)) {
    const lookup = await looking;
    if (lookup?.hit) return answerFromCache(lookup);
    return {
      reply: learnedAfter(
        dependencies,
        caller,
        looking,
        await askModel({ request: cacheRequest, settings: cacheSettings, embedding: promptEmbedding }),
      ),
      ...saved,
    };
  }
  // The model is asked while the cache is searched (docs/decisions/032): a hit stops it. A request
  // refused before the model was asked (a limit, the wallet) is still answered by a hit, as it
  // would have been had the cache been searched first.
  try {
    return {
      reply: learnedAfter(
        dependencies,
        caller,
        looking,
        await askModel({ request: cacheRequest, settings: cacheSettings, embedding: promptEmbedding }, hitOf()),
      ),
      ...saved,
    };
  } catch (error) {
    const hit = error instanceof AnsweredFromCache ? error.hit : await hitOf();
    if (!hit) throw error;
    return answerFromCache(hit);
  }
}

/**
 * The reply, after which the judge's verdict on its cache lookup (when one was asked) is stored and
 * learned by the organisation's learned cache, in the background (docs/decisions/080).
 */
function learnedAfter(
  dependencies: ConversationDependencies,
  caller: Caller,
  looking: Promise<CacheLookup | undefined>,
  reply: OpenedReply,
): OpenedReply {
  const learning = dependencies.routing.cacheLearning;
  if (!learning) return reply;
  return {
    abort: () => reply.abort(),
    async complete(write) {
      const result = await reply.complete(write);
      void looking.then((lookup) => learning.afterReply(caller.orgId, lookup?.judgedPair));
      return result;
    },
  };
}

/**
 * Whether to ask the model while the cache is searched: a cloud model (the embedded one answers
 * one request at a time, so a speculative call would hold up others), with the cache on.
 */
function asksWhileLooking(
  dependencies: ConversationDependencies,
  route: RoutedRequest,
  cacheSettings: CacheSettings,
): boolean {
  return Boolean(
    dependencies.routing.speculativeCalls &&
      dependencies.routing.cache &&
      cacheSettings.enabled &&
      route.primary.model.provider !== 'local',
  );
}

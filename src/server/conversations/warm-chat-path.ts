import type { Logger } from 'pino';
import { sendMessageRequestSchema } from '../../contracts';
import { estimateMessagesTokens, verifyCandidate } from '../../gateway';
import { warmModelProtocols } from '../metered-calls/warm-model-calls';
import type { Caller } from '../http/context';
import { cacheSettingsFor } from '../routing/cache-lookup-settings';
import { routeRequest } from '../routing/route-request';
import { findSession } from './chat-session-repository';
import type { ConversationDependencies } from './conversation-dependencies';
import { loadTurns } from './load-history';
import { withDeadline } from '../shared/retry-with-backoff';

/** No organisation, user or session has this id: every read below finds nothing and writes nothing. */
export const warmUpId = '00000000-0000-4000-8000-000000000000';
const nobody = warmUpId;
const warmCaller: Caller = {
  userId: nobody,
  orgId: nobody,
  sessionId: nobody,
  username: 'warm-up',
  email: 'warm-up@invalid',
  roleId: nobody,
  roleName: 'warm-up',
  roleScopes: [],
  roleUnlimited: false,
};
const warmPrompt = 'How do tides form along the coast?';
/** Each step takes milliseconds to a few seconds; a loaded machine, many times that. */
const stepDeadlineMs = 60_000;

/**
 * Runs the chat path's reads once while the server starts, so the first message does not pay for
 * compiling them (docs/benchmarks/first-message.md): the HTTP route up to its sign-in check, the
 * request's validation, the token estimate, the session and history reads, the routing (policy,
 * settings, keys, the role's models, the router's score), one reply streamed through each cloud
 * provider's adapter from a stand-in on 127.0.0.1 (nothing leaves the machine), and the cache
 * look-up with its vector search. All for an organisation that does not exist: nothing is
 * written, and whatever refuses the made-up caller is expected. A step that fails is logged and skipped.
 */
export async function warmChatPath(
  dependencies: ConversationDependencies,
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  logger: Logger,
): Promise<void> {
  const started = performance.now();
  const owner = { orgId: nobody, userId: nobody };
  const steps: [string, () => Promise<unknown>][] = [
    [
      'the chat route',
      async () =>
        app.request('/api/conversation/message', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: warmPrompt }),
        }),
    ],
    [
      'validation and token estimate',
      async () =>
        estimateMessagesTokens([
          { content: sendMessageRequestSchema.parse({ org_id: nobody, user_id: nobody, prompt: warmPrompt }).prompt },
        ]),
    ],
    [
      'session and history reads',
      async () => Promise.all([findSession(dependencies.db, owner, nobody), loadTurns(dependencies.db, owner, nobody)]),
    ],
    ['routing', async () => routeRequest(dependencies, warmCaller, warmPrompt, null).catch(() => undefined)],
    ['the router', async () => dependencies.routing.scorer?.score([warmPrompt])],
    [
      'the provider clients',
      async () => dependencies.providers.callingFor(nobody).finally(() => dependencies.providers.forget(nobody)),
    ],
    // The look-up above finds no entry, so the verifier's word lists (WordNet synonyms, word frequencies) load here.
    [
      'the cache verifier',
      async () => verifyCandidate(warmPrompt, 'How do tides form along a coastline?', 1, { similarityThreshold: 0 }),
    ],
    [
      'the provider protocols',
      async () => {
        const failed = (await warmModelProtocols()).filter((result) => result.error !== undefined);
        if (failed.length > 0)
          throw new AggregateError(
            failed.map((result) => result.error),
            `not warmed: ${failed.map((result) => result.provider).join(', ')}`,
          );
      },
    ],
    [
      'the cache look-up',
      async () => {
        const settings = cacheSettingsFor(
          await dependencies.routing.policies.load(nobody),
          dependencies.routing.cacheDefaults,
        );
        return dependencies.routing.cache?.lookup(
          nobody,
          { prompt: warmPrompt, contextMessages: [], systemPrompt: '', modelClass: 'warm-up' },
          settings,
        );
      },
    ],
  ];
  const failed: string[] = [];
  for (const [name, step] of steps) {
    // A step that hangs must not hold readiness back for ever.
    await withDeadline(step(), stepDeadlineMs, `warming ${name}`).catch((error: unknown) => {
      failed.push(name);
      logger.warn({ err: error, step: name }, 'warming the chat path: a step failed; the first message runs it');
    });
  }
  logger.info({ ms: Math.round(performance.now() - started), failed }, 'chat path warmed');
}

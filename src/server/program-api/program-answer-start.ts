import type { Context } from 'hono';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';
import type { AppEnv } from '../http/context';
import { factsOf, tokenwiseHeaders, type AnswerFacts } from './program-answer-parts';
import { startProgramCall } from './program-call';
import { apiKeyCallerOf } from './program-api-context';

type ProgramRequest = Parameters<typeof startProgramCall>[2];
type ProgramAnswer = Awaited<ReturnType<typeof startProgramCall>>;

/**
 * Starts a /v1 request's answer for its API key (both wire formats alike): the cache turned off by
 * `x-tokenwise-cache: off`, the answer's facts for its headers, and `stop`, which ends the call.
 */
export async function startProgramAnswer(
  dependencies: ConversationDependencies,
  context: Context<AppEnv>,
  request: ProgramRequest,
): Promise<{ answer: ProgramAnswer; facts: AnswerFacts; stop: () => void }> {
  const abort = new AbortController();
  const answer = await startProgramCall(dependencies, apiKeyCallerOf(context), request, {
    cacheOff: context.req.header('x-tokenwise-cache')?.trim().toLowerCase() === 'off',
    signal: abort.signal,
  });
  const stop = () => {
    abort.abort();
    if (answer.kind === 'model') answer.call.abort();
  };
  return { answer, facts: factsOf(answer), stop };
}

/** Opens a server-sent-events answer: the call stops when the client leaves; the x-tokenwise headers go first. */
export function openEventStream(context: Context<AppEnv>, facts: AnswerFacts, stop: () => void): void {
  context.req.raw.signal.addEventListener('abort', stop, { once: true });
  for (const [name, value] of Object.entries(tokenwiseHeaders(facts))) context.header(name, value);
  context.header('Content-Type', 'text/event-stream; charset=utf-8');
  context.header('X-Accel-Buffering', 'no');
  context.header('Transfer-Encoding', 'chunked');
}

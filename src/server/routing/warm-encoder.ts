import type { Logger } from 'pino';
import type { ConversationDependencies } from '../conversations/conversation-dependencies';

/**
 * Loads the embedded encoder beside the start (issue 13: the first message must not wait ~1.2 s
 * for it); readiness answers 503 until it is done. A failure is logged and left to the first
 * message, which loads it again.
 */
export function warmEncoder(
  routing: ConversationDependencies['routing'],
  enabled: boolean,
  logger: Logger,
  stopping: () => boolean,
): { pending: boolean; done: Promise<void> } {
  const state = { pending: false, done: Promise.resolve() };
  if (!enabled || !routing.warm) return state;
  state.pending = true;
  const started = performance.now();
  state.done = routing
    .warm()
    .then(
      () => logger.info({ ms: Math.round(performance.now() - started) }, 'sentence encoder ready'),
      (error: unknown) => {
        if (!stopping())
          logger.error({ err: error }, 'the sentence encoder did not load at start; the first message loads it');
      },
    )
    .finally(() => {
      state.pending = false;
    });
  return state;
}

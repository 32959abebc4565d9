import type { Logger } from 'pino';
import type { RoutingDependencies } from './routing-dependencies';
import { retryWithBackoff, withDeadline, type Backoff } from '../shared/retry-with-backoff';

/** 1 s, doubling to 30 s, eight tries: about a minute and a half of waiting before giving up. */
const encoderWarmUpBackoff: Backoff = { firstDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 8 };
/** Loading the embedded model takes ~1-4 s; a loaded 2-core machine may take many times that. */
const attemptDeadlineMs = 120_000;

export interface EncoderWarmUp {
  /** True until a try succeeded or the tries ran out: readiness answers 503 meanwhile. */
  readonly pending: boolean;
  done: Promise<void>;
  /** Ends the tries (shutdown): a wait under way ends at once. */
  stop(): void;
}

/**
 * Loads the sentence encoder beside the start (issue 13: the first message must not wait ~1.2 s
 * for it; with an embeddings endpoint configured, that it answers); readiness answers 503 until it
 * is done. A failure is logged once with its cause and tried again after 1 s, doubling to 30 s, so
 * an encoder or endpoint that recovers makes the server ready without a restart. After the last try
 * readiness stops waiting for it and the first message loads it.
 */
export function warmEncoder(
  routing: RoutingDependencies,
  enabled: boolean,
  logger: Logger,
  backoff: Backoff = encoderWarmUpBackoff,
): EncoderWarmUp {
  const stopping = new AbortController();
  const state = { pending: false, done: Promise.resolve(), stop: () => stopping.abort() };
  const warm = routing.warm;
  if (!enabled || !warm) return state;
  state.pending = true;
  const started = performance.now();
  state.done = retryWithBackoff(() => withDeadline(warm(), attemptDeadlineMs, 'loading the sentence encoder'), {
    backoff,
    signal: stopping.signal,
    onFailure: (error, attempt, retryInMs) => {
      if (retryInMs !== undefined)
        logger.warn({ err: error, attempt, retry_in_ms: retryInMs }, 'the sentence encoder did not load; trying again');
      else
        logger.error(
          { err: error, attempt },
          `the sentence encoder did not load after ${attempt} tries; the first message loads it`,
        );
    },
  })
    .then(({ outcome, attempts }) => {
      if (outcome === 'succeeded')
        logger.info({ ms: Math.round(performance.now() - started), attempts }, 'sentence encoder ready');
    })
    .finally(() => {
      state.pending = false;
    });
  return state;
}

import { setTimeout as sleep } from 'node:timers/promises';

/** How long to wait between tries: `firstDelayMs`, doubling each time, never more than `maxDelayMs`; at most `maxAttempts` tries. */
export interface Backoff {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

/** The wait after the `failures`-th failure in a row. */
export function delayAfterFailure(backoff: Backoff, failures: number): number {
  return Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

export interface RetryOptions {
  backoff: Backoff;
  /** Aborting stops at once: no further try, and a wait under way ends. */
  signal?: AbortSignal;
  /** Told of each failure once, with the wait before the next try (undefined when none follows). */
  onFailure(error: unknown, attempt: number, retryInMs: number | undefined): void;
}

/** Runs `attempt` until it succeeds, the tries run out or the signal aborts; says which and after how many tries. */
export async function retryWithBackoff(
  attempt: (attemptNumber: number) => Promise<void>,
  options: RetryOptions,
): Promise<{ outcome: 'succeeded' | 'gave_up' | 'stopped'; attempts: number }> {
  const { backoff, signal } = options;
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    if (signal?.aborted) return { outcome: 'stopped', attempts: attemptNumber - 1 };
    try {
      await attempt(attemptNumber);
      return { outcome: 'succeeded', attempts: attemptNumber };
    } catch (error) {
      if (signal?.aborted) return { outcome: 'stopped', attempts: attemptNumber };
      const last = attemptNumber >= backoff.maxAttempts;
      const retryInMs = last ? undefined : delayAfterFailure(backoff, attemptNumber);
      options.onFailure(error, attemptNumber, retryInMs);
      if (retryInMs === undefined) return { outcome: 'gave_up', attempts: attemptNumber };
      const waited = await sleep(retryInMs, true, { signal, ref: false }).catch(() => false);
      if (!waited) return { outcome: 'stopped', attempts: attemptNumber };
    }
  }
}

/** Rejects when `work` has not settled within `ms` (the work itself is not stopped: its result is ignored). */
export function withDeadline<Value>(work: Promise<Value>, ms: number, what: string): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

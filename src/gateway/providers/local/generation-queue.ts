/** Thrown by `acquire` when the queue already holds its maximum of waiting callers. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

/** Gives one caller at a time the right to run; the others wait in order, up to a bound. */
export interface GenerationQueue {
  /**
   * Resolves with a release function once it is the caller's turn. Rejects at once with
   * QueueFullError when `maxWaiting` callers already wait, and with the signal's reason when
   * the signal aborts while waiting (the caller then leaves the queue).
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Whether a caller holds the slot. */
  readonly busy: boolean;
  /** Callers waiting for the slot. */
  readonly waiting: number;
}

interface Waiter {
  grant: (release: () => void) => void;
}

/** A FIFO queue with one slot: one generation runs at a time, at most `maxWaiting` wait. */
export function createGenerationQueue(options: { maxWaiting: number }): GenerationQueue {
  const waiters: Waiter[] = [];
  let busy = false;

  function releaseFor(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiters.shift();
      if (next) next.grant(releaseFor());
      else busy = false;
    };
  }

  function acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!busy) {
      busy = true;
      return Promise.resolve(releaseFor());
    }
    if (waiters.length >= options.maxWaiting) {
      return Promise.reject(new QueueFullError(`${waiters.length} generations are already waiting`));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    acquire,
    get busy() {
      return busy;
    },
    get waiting() {
      return waiters.length;
    },
  };
}

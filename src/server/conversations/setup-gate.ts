import { AppError } from '../http/app-error';

/**
 * Lets a bounded number of chat requests through their setup (routing, the cache look-up and the
 * rows written before a reply opens) at once, the rest waiting in arrival order.
 *
 * Setup is CPU on the event loop and the encoder thread; a streaming reply is nearly free. When
 * many messages arrive together and all set up at once, they share the CPU and all reach their
 * first byte at about the same, late, time; let through a few at a time, the first ones stream
 * while the later ones wait, and nobody's reply comes later than before (docs/benchmarks/chat-load.md).
 */
export interface SetupGate {
  /** Waits for a turn; rejects with the signal's reason when the client leaves while waiting. */
  enter(signal?: AbortSignal): Promise<SetupTicket>;
}

export interface SetupTicket {
  /** Ends the turn (only the first call counts), letting the next request in. */
  leave(): void;
}

/** A turn for a chat request; a client that left while waiting ends the request with a 503 nobody reads. */
export async function enterSetup(dependencies: { setupGate: SetupGate }, signal?: AbortSignal): Promise<SetupTicket> {
  return dependencies.setupGate.enter(signal).catch((reason: unknown) => {
    throw new AppError('unavailable', 'The request was cancelled before it started.', { cause: reason });
  });
}

export function createSetupGate(concurrency: number): SetupGate {
  let inside = 0;
  const waiting: (() => void)[] = [];

  function ticket(): SetupTicket {
    let left = false;
    return {
      leave() {
        if (left) return;
        left = true;
        const next = waiting.shift();
        if (next) next();
        else inside -= 1;
      },
    };
  }

  return {
    enter(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (inside < concurrency) {
        inside += 1;
        return Promise.resolve(ticket());
      }
      return new Promise((resolve, reject) => {
        // The turn passes straight from the leaving request to this one: `inside` stays the same.
        const admit = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(ticket());
        };
        const onAbort = () => {
          const index = waiting.indexOf(admit);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(admit);
      });
    },
  };
}

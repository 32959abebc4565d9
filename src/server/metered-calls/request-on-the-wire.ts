import diagnosticsChannel from 'node:diagnostics_channel';

/** Longest wait for a request to be sent (a new TLS connection, a provider that refuses to connect): then the write starts anyway. */
const longestWaitMs = 25;

const waiting = new Set<() => void>();
let listening = false;

/**
 * Resolves once the HTTP client (Node's fetch, undici) has sent a request's body, or after
 * `longestWait` ms. The chat's rows are written while the model is asked; on PGlite each statement
 * runs synchronously and the next starts from the previous one's promise, so a write started before
 * the model's request is on the wire holds that request back for the whole write (a loop turn was
 * measured not to be enough: undici sends the headers after it). Any request sent counts: under
 * load another call's may end the wait early, which only starts the write as early as before.
 *
 * One subscriber stays for the life of the process: subscribing and unsubscribing per request
 * switched undici's channel between its active and inactive forms on every call, which cost CPU on
 * every request at 50 streams (docs/benchmarks/gateway.md).
 */
export function requestOnTheWire(longestWait = longestWaitMs): Promise<void> {
  if (!listening) {
    listening = true;
    diagnosticsChannel.subscribe('undici:request:bodySent', () => {
      const woken = [...waiting];
      waiting.clear();
      for (const wake of woken) wake();
    });
  }
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      waiting.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, longestWait);
    waiting.add(finish);
  });
}

/** The next turn of the event loop, for a model that is not asked over HTTP (the embedded one). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

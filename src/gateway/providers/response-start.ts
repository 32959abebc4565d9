/** Who waits for each call's response headers, by the abort signal the call's fetch carries. */
const waiting = new WeakMap<AbortSignal, () => void>();

/**
 * A fetch that says when a call's response headers are in. The AI SDK's `doStream` may resolve
 * later than that (OpenAI's waits for the first output chunk, to turn an error sent in the stream
 * into a thrown one), and a deadline on the time to the headers needs the moment itself. The call
 * is found by its abort signal, which the AI SDK hands to fetch as it is.
 */
export function fetchTellingResponseStart(fetch: typeof globalThis.fetch | undefined): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await (fetch ?? globalThis.fetch)(input, init);
    if (init?.signal) waiting.get(init.signal)?.();
    return response;
  };
}

/** Resolves when the fetch made with `signal` has its response headers (see fetchTellingResponseStart). */
export function responseStarted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    waiting.set(signal, () => {
      waiting.delete(signal);
      resolve();
    });
  });
}

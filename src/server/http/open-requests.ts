import type { ServerType } from '@hono/node-server';

export interface OpenRequests {
  /** Resolves true once no request is open, or false when `timeoutMs` passed first. */
  drained(timeoutMs: number): Promise<boolean>;
}

/**
 * Counts the requests the server is answering, a streamed reply until its last byte, so a draining
 * server can keep its port open (new requests get a 503, probes say "draining") and close it only
 * once what was under way has finished.
 */
export function trackOpenRequests(server: ServerType): OpenRequests {
  let open = 0;
  server.on('request', (_request, response) => {
    open += 1;
    response.once('close', () => {
      open -= 1;
    });
  });
  return {
    async drained(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (open > 0) {
        if (performance.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return true;
    },
  };
}

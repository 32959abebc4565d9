import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from './metrics';
import { observeRequest, type RequestObservation } from './request-observation';

const overheadHeader = 'x-tokenwise-overhead-ms';

/**
 * Observes every request: its count and latency by route pattern (the route as declared, never the
 * path with its ids) and status; for an answer from a model or the cache, its time to first byte
 * and the server's own share of it, also sent as the `x-tokenwise-overhead-ms` header. A streamed
 * answer's response is made once its first part is in, so "now" after the handler is its first byte.
 */
export function httpObservation(metrics: Metrics | undefined): MiddlewareHandler {
  return async (context, next) => {
    const observation: RequestObservation = { startedAt: performance.now() };
    await observeRequest(observation, next);
    const seconds = (performance.now() - observation.startedAt) / 1000;
    const { answer } = observation;
    if (answer) {
      const overheadMs = Math.max(0, seconds * 1000 - (answer.upstreamMs ?? 0));
      context.header(overheadHeader, overheadMs.toFixed(1));
      const cache = observation.cache ?? 'off';
      metrics?.timeToFirstByte.observe({ model: answer.modelId, provider: answer.provider, cache }, seconds);
      metrics?.overhead.observe({ cache }, overheadMs / 1000);
      if (observation.cacheSavedUsd)
        metrics?.savings.inc(
          { model: answer.modelId, provider: answer.provider, source: 'cache' },
          observation.cacheSavedUsd,
        );
    }
    if (!metrics) return;
    const labels = {
      method: knownMethod(context.req.method),
      route: routePath(context),
      status: String(context.res.status),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
  };
}

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Any other method a client invents is one label, not one each. */
function knownMethod(method: string): string {
  return methods.has(method) ? method : 'OTHER';
}

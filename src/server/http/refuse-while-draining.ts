import type { MiddlewareHandler } from 'hono';
import { messages } from '../../contracts';
import { AppError } from './app-error';

/** Health and readiness keep answering while the server drains, so a balancer sees why it should go elsewhere. */
const probes = new Set(['/api/healthz', '/api/readyz']);

/**
 * While the server drains (SIGTERM: docs/decisions/058), a new request on a connection still open
 * is refused with a 503 that closes the connection and tells the client to come back in a second:
 * it goes to another instance. Requests already under way, open streams included, finish.
 */
export function refuseWhileDraining(isDraining: (() => boolean) | undefined): MiddlewareHandler {
  return async (context, next) => {
    if (isDraining?.() && !probes.has(context.req.path))
      throw new AppError('unavailable', messages.serverDraining, { retryAfterSeconds: 1 });
    await next();
    // During shutdown, answers close their connection so keep-alive clients do not hold it open.
    if (isDraining?.()) context.header('Connection', 'close');
  };
}

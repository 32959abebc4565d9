import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';
import type { AppEnv } from './context';

const acceptableRequestId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives every request an id (kept from X-Request-Id when sane), a child logger carrying it,
 * the client address, and one log line when it ends. Bodies and headers are never logged.
 */
export function requestContext(logger: Logger, options: { trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (context, next) => {
    const incoming = context.req.header('x-request-id');
    const requestId = incoming && acceptableRequestId.test(incoming) ? incoming : randomUUID();
    const requestLogger = logger.child({ requestId });
    context.set('requestId', requestId);
    context.set('logger', requestLogger);
    context.set('clientAddress', clientAddress(context, options.trustProxy));
    context.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const status = context.res.status;
    const line = {
      method: context.req.method,
      path: context.req.path,
      status,
      ms: Math.round(performance.now() - started),
    };
    if (status >= 500) requestLogger.error(line, 'request');
    else requestLogger.info(line, 'request');
  });
}

function clientAddress(context: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = context.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(context).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { tracer } from './tracing';

/** The root span of each request, named by its route pattern (never the path with its ids) once it is known. */
export function traceRequests(): MiddlewareHandler {
  return (context, next) =>
    tracer().startActiveSpan(`${context.req.method} route`, { kind: SpanKind.SERVER }, async (span) => {
      try {
        await next();
      } finally {
        const route = routePath(context);
        span.updateName(`${context.req.method} ${route}`);
        span.setAttributes({
          'http.request.method': context.req.method,
          'http.route': route,
          'http.response.status_code': context.res.status,
        });
        if (context.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
}

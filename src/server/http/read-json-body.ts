import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * How a JSON body is read before a route's schema sees it: an empty (or blank) body reads as {},
 * so each field says it is required. Text that is not JSON reads as null and is marked, so the
 * route's validator refuses it with the spec's message, after the route's sign-in checks, like any
 * other bad input (reject-invalid-input.ts). The validator (@hono/zod-openapi) reads the same text
 * from the request's cache.
 */
export function readJsonBody() {
  return createMiddleware<AppEnv>(async (context, next) => {
    const mediaType = context.req.header('content-type')?.split(';')[0]?.trim() ?? '';
    if (jsonMediaType.test(mediaType) && context.req.method !== 'GET' && context.req.method !== 'HEAD') {
      const text = await context.req.text();
      const readable = text.trim() === '' ? '{}' : isJson(text) ? undefined : 'null';
      if (readable === 'null') context.set('malformedJsonBody', true);
      // Hono keeps the body's promises in bodyCache (its own validator writes there too); its type says values.
      if (readable) (context.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(readable);
    }
    await next();
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

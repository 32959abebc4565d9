import { createMiddleware } from 'hono/factory';
import { messages } from '../../contracts';
import { AppError } from './app-error';
import type { AppEnv } from './context';

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * How a JSON body is read before a route's schema sees it: an empty (or blank) body reads as {},
 * so each field says it is required, and text that is not JSON is refused with the spec's message.
 * The route's validator (@hono/zod-openapi) then reads the same text from the request's cache.
 */
export function readJsonBody() {
  return createMiddleware<AppEnv>(async (context, next) => {
    const mediaType = context.req.header('content-type')?.split(';')[0]?.trim() ?? '';
    if (jsonMediaType.test(mediaType) && context.req.method !== 'GET' && context.req.method !== 'HEAD') {
      const text = await context.req.text();
      // Hono keeps the body's promises in bodyCache (its own validator writes there too); its type says values.
      if (text.trim() === '') (context.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
      else if (!isJson(text)) throw new AppError('malformed_json', messages.malformedJson);
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

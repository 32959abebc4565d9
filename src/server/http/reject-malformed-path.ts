import { createMiddleware } from 'hono/factory';
import { messages } from '../../contracts';
import { validationFailed } from './app-error';
import type { AppEnv } from './context';

/**
 * A path whose percent-encoding does not decode ('%', '%zz', a cut UTF-8 sequence) is a 400.
 * Hono passes such a segment on undecoded; refusing it here means no route sees it.
 */
export function rejectMalformedPath() {
  return createMiddleware<AppEnv>(async (context, next) => {
    const url = context.req.url;
    const pathStart = url.indexOf('/', url.indexOf('://') + 3);
    const queryStart = url.indexOf('?', pathStart);
    const path = url.slice(pathStart, queryStart === -1 ? undefined : queryStart);
    if (path.includes('%') && !decodes(path)) throw validationFailed(messages.malformedPath);
    await next();
  });
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { formatErrorLine, formatMetaLine } from '../../contracts';
import type { AppEnv } from '../http/context';
import type { OpenedReply } from './reply-run';

/**
 * Sends an opened reply as the documented text stream (docs/decisions/007): the text as it
 * arrives, unbuffered, then one [META] or [ERROR] line. A client that goes away aborts the
 * upstream call; the reply is recorded either way.
 */
export function streamReply(context: Context<AppEnv>, reply: OpenedReply): Response {
  context.header('Content-Type', 'text/plain; charset=utf-8');
  context.header('Cache-Control', 'no-store');
  context.header('X-Accel-Buffering', 'no');
  context.header('X-Content-Type-Options', 'nosniff');
  const logger = context.get('logger');
  return stream(context, async (output) => {
    output.onAbort(() => reply.abort());
    const result = await reply.complete((text) => output.write(text));
    await output.write(result.metadata ? formatMetaLine(result.metadata) : formatErrorLine(result.error));
  }, async (error) => {
    logger.error({ err: error }, 'streaming a reply failed');
  });
}

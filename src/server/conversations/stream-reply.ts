import type { Context } from 'hono';
import { formatErrorLine, formatMetaLine } from '../../contracts';
import type { AppEnv } from '../http/context';
import type { OpenedReply } from './opened-reply';

/**
 * Sends an opened reply as the documented text stream (docs/decisions/007): the text as it
 * arrives, unbuffered, then one [META] or [ERROR] line. A client that goes away aborts the
 * upstream call; the reply is recorded either way.
 *
 * The reply fills the response body's own stream directly (no TransformStream and writer in
 * between, as a streaming helper would add): every token passes through fewer stream stages.
 * A reply is a few kilobytes, so queueing it without backpressure costs nothing.
 */
export function streamReply(context: Context<AppEnv>, reply: OpenedReply): Response {
  context.header('Content-Type', 'text/plain; charset=utf-8');
  context.header('Cache-Control', 'no-store');
  context.header('X-Accel-Buffering', 'no');
  // Declared, so @hono/node-server writes the headers and each chunk as they come instead of first
  // reading ahead for a Content-Length (which waits a timer turn, ~1.5 ms, before the first byte).
  context.header('Transfer-Encoding', 'chunked');
  context.header('X-Content-Type-Options', 'nosniff');
  const logger = context.get('logger');
  const encoder = new TextEncoder();
  let open = true;
  const stop = () => {
    if (!open) return;
    open = false;
    reply.abort();
  };
  context.req.raw.signal.addEventListener('abort', stop, { once: true });

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text));
      };
      reply
        .complete(async (text) => send(text))
        .then(async (result) => {
          send(result.metadata ? formatMetaLine(result.metadata) : formatErrorLine(result.error));
          await result.afterwards;
          if (open) controller.close();
          open = false;
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'streaming a reply failed');
          if (open) controller.error(error);
          open = false;
        });
    },
    cancel: stop,
  });
  return context.body(body);
}

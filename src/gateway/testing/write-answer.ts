import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { AnswerContext, WireFormat } from './wire-format';

/** How an answer ended, as the fake server saw it. */
export type AnswerEnding =
  | 'completed'
  | 'failed-before-stream'
  | 'closed-before-answer'
  | 'connection-dropped'
  | 'error-event-sent'
  | 'closed-by-client';

/** Writes a JSON body with a status. */
export function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Answers with the provider's error shape, as a scripted failure before any stream. */
export function writeFailure(response: ServerResponse, wire: WireFormat, context: AnswerContext): AnswerEnding {
  const failure = context.reply.failBeforeStream!;
  const headers: Record<string, string> =
    failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
  writeJson(response, failure.status, wire.errorBody(failure.status, failure.message), headers);
  return 'failed-before-stream';
}

/**
 * Streams the planned reply as server-sent events, chunk by chunk, honouring the scripted delay
 * and mid-stream failures; stops as soon as the client closes the connection.
 */
export async function writeStream(
  response: ServerResponse,
  wire: WireFormat,
  context: AnswerContext,
): Promise<AnswerEnding> {
  let clientClosed = false;
  let onClientClosed: (() => void) | undefined;
  // A long wait before the headers (a provider that never answers) ends when the client leaves.
  const left = new AbortController();
  response.on('close', () => {
    if (response.writableFinished) return;
    clientClosed = true;
    left.abort();
    onClientClosed?.();
  });
  if (context.reply.headersDelayMs > 0)
    await delay(context.reply.headersDelayMs, undefined, { signal: left.signal }).catch(() => undefined);
  if (clientClosed) return 'closed-by-client';
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  for (const frame of wire.openingFrames(context)) response.write(frame);
  const { chunks, chunkDelayMs, dropConnectionAfterChunks, errorEventAfterChunks, stallAfterChunks } = context.reply;
  for (let index = 0; index <= chunks.length; index += 1) {
    if (stallAfterChunks === index) {
      // Silent from here on: only the client going away ends it.
      if (!clientClosed) await new Promise<void>((resolve) => (onClientClosed = resolve));
      return 'closed-by-client';
    }
    const failsHere = dropConnectionAfterChunks === index || errorEventAfterChunks === index;
    if (index === chunks.length && !failsHere) break;
    // A failure takes the place of the next chunk, so it waits for the delay too.
    if (chunkDelayMs > 0) await delay(chunkDelayMs);
    if (clientClosed) return 'closed-by-client';
    if (dropConnectionAfterChunks === index) {
      response.socket?.destroy();
      return 'connection-dropped';
    }
    if (errorEventAfterChunks === index) {
      response.end(wire.errorFrame(context));
      return 'error-event-sent';
    }
    response.write(wire.textFrame(chunks[index]!, context));
  }
  if (clientClosed) return 'closed-by-client';
  for (const frame of wire.closingFrames(context)) response.write(frame);
  response.end();
  return 'completed';
}

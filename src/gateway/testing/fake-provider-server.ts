import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire } from './anthropic-wire';
import { planReply, type FakeReply } from './fake-reply';
import { googleWire } from './google-wire';
import { answerEmbeddings } from './openai-embeddings-wire';
import { openAiWire } from './openai-wire';
import type { WireFormat } from './wire-format';
import { writeFailure, writeJson, writeStream, type AnswerEnding } from './write-answer';

/** One request the fake provider received. */
export interface RecordedRequest {
  wire: WireFormat['name'];
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Resolves when the answer ended; 'closed-by-client' shows that an abort reached the server. */
  ended: Promise<AnswerEnding>;
}

/** A running fake provider. Base URLs: `${url}/v1` (OpenAI, compatible, Anthropic), `${url}/v1beta` (Google). */
export interface FakeProviderServer {
  url: string;
  readonly requests: readonly RecordedRequest[];
  /** Scripts the next request's answer (first in, first out). */
  enqueueReply(reply: FakeReply): void;
  /** Scripts every answer once the queue is empty. */
  setDefaultReply(reply: FakeReply): void;
  /** Forgets recorded requests, queued replies and the default reply. */
  reset(): void;
  close(): Promise<void>;
}

function routeWire(method: string, path: string): WireFormat | undefined {
  if (method !== 'POST') return undefined;
  if (path === '/v1/chat/completions') return openAiWire;
  if (path === '/v1/messages') return anthropicWire;
  if (/^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/.test(path)) return googleWire;
  return undefined;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * Starts a local HTTP server speaking the real wire formats of OpenAI Chat Completions,
 * Anthropic Messages and Gemini generateContent, streamed and not, and of OpenAI Embeddings
 * (POST /v1/embeddings). Other processes can script it over HTTP: POST /_fake/replies (a
 * FakeReply), GET /_fake/requests, POST /_fake/reset.
 */
export async function startFakeProviderServer(
  options: { port?: number; host?: string } = {},
): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  let defaultReply: FakeReply = {};

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const body = await readJson(request).catch(() => undefined);
    if (path.startsWith('/_fake/')) return answerControl(method, path, body, response);
    const query = Object.fromEntries(searchParams);
    if (method === 'POST' && path === '/v1/embeddings') {
      const ending = answerEmbeddings(response, body, queue.shift() ?? defaultReply);
      requests.push({ wire: 'openai', method, path, query, headers: request.headers, body, ended: ending });
      return void (await ending);
    }
    const wire = routeWire(method, path);
    if (!wire) return writeJson(response, 404, { error: { message: `No route for ${method} ${path}` } });
    const prompt = wire.readPrompt(body, path);
    const reply = planReply(queue.shift() ?? defaultReply, prompt);
    const context = { id: `fake-${randomUUID()}`, model: prompt.model, includeUsage: prompt.includeUsage, reply };
    let ending: Promise<AnswerEnding>;
    if (context.reply.closeBeforeAnswer) {
      request.socket.destroy();
      ending = Promise.resolve('closed-before-answer');
    } else if (context.reply.failBeforeStream) ending = Promise.resolve(writeFailure(response, wire, context));
    else if (prompt.stream) ending = writeStream(response, wire, context);
    else {
      writeJson(response, 200, wire.completeBody(context));
      ending = Promise.resolve('completed');
    }
    requests.push({ wire: wire.name, method, path, query, headers: request.headers, body, ended: ending });
    await ending;
  }

  function answerControl(method: string, path: string, body: unknown, response: ServerResponse): void {
    if (method === 'POST' && path === '/_fake/replies') queue.push(...(Array.isArray(body) ? body : [body ?? {}]));
    else if (method === 'POST' && path === '/_fake/reset') reset();
    else if (method === 'GET' && path === '/_fake/requests') {
      writeJson(
        response,
        200,
        requests.map(({ ended: _ended, ...rest }) => rest),
      );
      return;
    } else {
      writeJson(response, 404, { error: { message: `No control route ${method} ${path}` } });
      return;
    }
    writeJson(response, 200, { ok: true });
  }

  function reset(): void {
    requests.length = 0;
    queue.length = 0;
    defaultReply = {};
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) writeJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://${address.address}:${address.port}`,
    requests,
    enqueueReply: (reply) => void queue.push(reply),
    setDefaultReply: (reply) => {
      defaultReply = reply;
    },
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

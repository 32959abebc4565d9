/**
 * The floor for a gateway built the way the issue requires ("upstream calls go through the AI
 * SDK's maintained provider packages"): a node:http server that hands each OpenAI-format request
 * to our model gateway (`src/gateway`: the AI SDK's OpenAI provider, our adapter and its retry)
 * and writes the reply text back as it arrives, ending with a `[META]` line like our server. No
 * sign-in, routing, database or recording: what is left is the cost of the provider library.
 *
 *   UPSTREAM_URL=http://127.0.0.1:PORT node --import tsx bench/gateway/ai-sdk-gateway.ts
 *
 * Prints "AI SDK gateway listening on <url>" once it accepts connections.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '../../src/gateway';
import { createModelGateway } from '../../src/gateway/model-calling';

const upstream = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:1';
const gateway = createModelGateway({ credentials: { openai: { apiKey: 'sk-bench', baseURL: `${upstream}/v1` } } });

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const body = JSON.parse(await readBody(request)) as { model: string; messages: ChatMessage[] };
  const stop = new AbortController();
  response.on('close', () => stop.abort());
  let started = false;
  try {
    for await (const part of gateway.stream({
      modelId: `openai/${body.model}`,
      messages: body.messages,
      abortSignal: stop.signal,
    })) {
      if (part.type !== 'text') continue;
      if (!started) response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      started = true;
      response.write(part.text);
    }
    if (!started) response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('\n[META]\n{}\n');
  } catch (error) {
    if (!started) response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    else response.end(`\n[ERROR]\n${String(error)}\n`);
  }
}

const server = http.createServer((request, response) => {
  answer(request, response).catch(() => response.destroy());
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`AI SDK gateway listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../providers/gateway-error';
import { failOnConsoleOutput } from '../testing/fail-on-console-output';
import { startFakeProviderServer, type FakeProviderServer } from '../testing/fake-provider-server';
import {
  embeddingsBody,
  fakeEmbedding,
  readEmbeddingsRequest,
  type EmbeddingsRequest,
} from '../testing/openai-embeddings-wire';
import { createOpenAiCompatibleEncoder, type OpenAiCompatibleEncoderOptions } from './openai-compatible-encoder';
import { normalise } from './sentence-encoder';

failOnConsoleOutput();

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const model = 'text-embedding-3-small';
const encoderAt = (url: string, options: Partial<OpenAiCompatibleEncoderOptions> = {}) =>
  createOpenAiCompatibleEncoder({ baseURL: `${url}/v1`, model, dimensions: 16, ...options });
const expected = (text: string, dimensions = 16) => Float32Array.from(fakeEmbedding(text, dimensions));
const lengthOf = (vector: Float32Array) => Math.hypot(...vector);
const recordedInputs = () => server.requests.map((request) => (request.body as { input: string[] }).input);

/** A server answering in OpenAI's format, but with the body rewritten: to test what the fake never does. */
async function startRewritingServer(
  rewrite: (body: ReturnType<typeof embeddingsBody>) => unknown,
): Promise<{ url: string; close(): Promise<void> }> {
  const rewriting: Server = createServer(async (request, response) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    const body = rewrite(
      embeddingsBody(readEmbeddingsRequest(JSON.parse(Buffer.concat(parts).toString('utf8'))) as EmbeddingsRequest),
    );
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => rewriting.listen(0, '127.0.0.1', resolve));
  const { port } = rewriting.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => rewriting.close(() => resolve())) };
}

describe('createOpenAiCompatibleEncoder against the fake provider server', () => {
  it('names the endpoint model and length in its id', () => {
    const encoder = encoderAt(server.url);
    expect(encoder.id).toBe('openai-compatible:text-embedding-3-small:16');
    expect(encoder.dimensions).toBe(16);
    expect(encoderAt(server.url, { dimensions: 32 }).id).not.toBe(encoder.id);
  });

  it('returns one unit Float32Array per text, in input order', async () => {
    const texts = ['the third one', 'a first text', 'second'];
    const vectors = await encoderAt(server.url).embed(texts);
    expect(vectors).toEqual(texts.map((text) => expected(text)));
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(lengthOf(vector)).toBeCloseTo(1, 5);
    }
  });

  it('sends the model, the texts and the dimensions, as floats, with the key as a bearer token', async () => {
    await encoderAt(server.url, { apiKey: 'sk-test' }).embed(['hello world']);
    expect(server.requests).toHaveLength(1);
    const [received] = server.requests;
    expect(received!.path).toBe('/v1/embeddings');
    expect(received!.body).toEqual({ model, input: ['hello world'], encoding_format: 'float', dimensions: 16 });
    expect(received!.headers.authorization).toBe('Bearer sk-test');
  });

  it('sends no authorization header without a key, and no dimensions when told not to', async () => {
    await encoderAt(server.url, { dimensions: 64, sendDimensions: false }).embed(['hello']);
    expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
    expect(server.requests[0]!.body).not.toHaveProperty('dimensions');
  });

  it('splits the texts into requests of batchSize, one after another, and keeps the order', async () => {
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const vectors = await encoderAt(server.url, { batchSize: 2 }).embed(texts);
    expect(recordedInputs()).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    expect(vectors).toEqual(texts.map((text) => expected(text)));
  });

  it('makes no request for no texts', async () => {
    await expect(encoderAt(server.url).embed([])).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [401, 'auth', false, /Incorrect API key/],
    [500, 'unavailable', true, /server had an error/],
  ] as const)(
    'turns HTTP %i into a GatewayError of kind %s (retryable: %s), without retrying',
    async (status, kind, retryable, message) => {
      server.enqueueReply({ failBeforeStream: { status } });
      const failure = await encoderAt(server.url)
        .embed(['x'])
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayError);
      expect(failure).toMatchObject({ kind, status, isRetryable: retryable, provider: 'openai-compatible' });
      expect((failure as Error).message).toMatch(/^openai-compatible embeddings \(text-embedding-3-small\): /);
      expect((failure as Error).message).toMatch(message);
      expect(server.requests).toHaveLength(1);
    },
  );

  it("carries a 429's Retry-After", async () => {
    server.enqueueReply({ failBeforeStream: { status: 429, retryAfterSeconds: 7 } });
    await expect(encoderAt(server.url).embed(['x'])).rejects.toMatchObject({
      kind: 'rate_limit',
      retryAfterSeconds: 7,
    });
  });

  it('refuses vectors of another length than its dimensions', async () => {
    // The fake answers its default 64 dimensions when the request names none.
    const encoder = encoderAt(server.url, { dimensions: 32, sendDimensions: false });
    const failure = await encoder.embed(['some text']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as Error).message).toMatch(/expected vectors of 32 dimensions, received 64/);
  });

  it('gives up after timeoutMs with a retryable timeout, and closes the request', async () => {
    server.enqueueReply({ chunkDelayMs: 300 });
    await expect(encoderAt(server.url, { timeoutMs: 50 }).embed(['slow'])).rejects.toMatchObject({
      kind: 'timeout',
      isRetryable: true,
    });
    await expect(server.requests[0]!.ended).resolves.toBe('closed-by-client');
  });

  it('reports an unreachable endpoint as unavailable', async () => {
    const closed = await startRewritingServer((body) => body);
    await closed.close();
    await expect(encoderAt(closed.url).embed(['x'])).rejects.toMatchObject({
      kind: 'unavailable',
      isRetryable: true,
      status: undefined,
    });
  });

  it.each([
    ['dimensions', { dimensions: 0 }],
    ['batchSize', { batchSize: 0 }],
    ['batchSize', { batchSize: 4096 }],
  ])('refuses a bad %s when created', (name, options) => {
    expect(() => encoderAt(server.url, options)).toThrow(name);
  });
});

describe('createOpenAiCompatibleEncoder against answers the fake never gives', () => {
  it('pairs vectors with texts by index, normalises them, when data comes out of order and unscaled', async () => {
    const rewriting = await startRewritingServer((body) => ({
      ...body,
      data: body.data
        .map((item) => ({ ...item, embedding: (item.embedding as number[]).map((value) => value * 3) }))
        .reverse(),
    }));
    try {
      const texts = ['alpha', 'beta gamma', 'delta'];
      const vectors = await encoderAt(rewriting.url).embed(texts);
      texts.forEach((text, index) => {
        expect(Array.from(vectors[index]!)).toEqual(Array.from(normalise(expected(text).map((value) => value * 3))));
        expect(lengthOf(vectors[index]!)).toBeCloseTo(1, 5);
      });
    } finally {
      await rewriting.close();
    }
  });

  it('refuses an answer with fewer vectors than texts', async () => {
    const rewriting = await startRewritingServer((body) => ({ ...body, data: body.data.slice(1) }));
    try {
      await expect(encoderAt(rewriting.url).embed(['a', 'b'])).rejects.toThrow(/sent 2 texts, received 1 vectors/);
    } finally {
      await rewriting.close();
    }
  });
});

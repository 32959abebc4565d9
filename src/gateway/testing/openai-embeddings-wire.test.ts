import { createOpenAI } from '@ai-sdk/openai';
import { embedMany } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../embeddings/sentence-encoder';
import { startFakeProviderServer, type FakeProviderServer } from './fake-provider-server';
import { defaultEmbeddingDimensions, fakeEmbedding, readEmbeddingsRequest } from './openai-embeddings-wire';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function postEmbeddings(body: unknown): Promise<Response> {
  return fetch(`${server.url}/v1/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const similarity = (first: string, second: string) =>
  cosineSimilarity(Float32Array.from(fakeEmbedding(first)), Float32Array.from(fakeEmbedding(second)));

describe('fakeEmbedding', () => {
  it('is a deterministic unit vector of the asked length', () => {
    const vector = fakeEmbedding('Reset my password', 32);
    expect(vector).toHaveLength(32);
    expect(fakeEmbedding('Reset my password', 32)).toEqual(vector);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
  });

  it('ignores case and punctuation, and scores shared words as similarity', () => {
    expect(similarity('Poem about cats', 'poem, about CATS!')).toBeCloseTo(1, 6);
    expect(similarity('poem about cats', 'poem about dogs')).toBeGreaterThan(0.5);
    expect(similarity('poem about cats', 'poem about dogs')).toBeGreaterThan(
      similarity('poem about cats', 'reset my router'),
    );
  });

  it('gives a text without letters or digits a vector of its own', () => {
    expect(Math.hypot(...fakeEmbedding('?!'))).toBeCloseTo(1, 6);
  });
});

describe('readEmbeddingsRequest', () => {
  it.each([
    [{ input: 'x' }, /model/],
    [{ model: 'm', input: '' }, /input/],
    [{ model: 'm', input: [] }, /input/],
    [{ model: 'm', input: [[1, 2]] }, /input/],
    [{ model: 'm', input: 'x', dimensions: 0 }, /dimensions/],
    [{ model: 'm', input: 'x', dimensions: 1.5 }, /dimensions/],
    [{ model: 'm', input: 'x', encoding_format: 'int8' }, /encoding_format/],
  ])('refuses %j', (body, message) => {
    expect(readEmbeddingsRequest(body)).toMatch(message);
  });

  it('takes one string or a list, with the default dimensions', () => {
    expect(readEmbeddingsRequest({ model: 'm', input: 'one' })).toEqual({
      model: 'm',
      inputs: ['one'],
      dimensions: defaultEmbeddingDimensions,
      encodingFormat: 'float',
    });
    expect(
      readEmbeddingsRequest({ model: 'm', input: ['a', 'b'], dimensions: 8, encoding_format: 'base64' }),
    ).toMatchObject({ inputs: ['a', 'b'], dimensions: 8, encodingFormat: 'base64' });
  });
});

describe('POST /v1/embeddings on the fake provider server', () => {
  it("answers in OpenAI's list shape, one indexed embedding per input, and records the request", async () => {
    const body = { model: 'text-embedding-3-small', input: ['first text', 'second text here'], dimensions: 16 };
    const response = await postEmbeddings(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: fakeEmbedding('first text', 16) },
        { object: 'embedding', index: 1, embedding: fakeEmbedding('second text here', 16) },
      ],
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 5, total_tokens: 5 },
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ wire: 'openai', method: 'POST', path: '/v1/embeddings', body });
    await expect(server.requests[0]!.ended).resolves.toBe('completed');
  });

  it('encodes float32 little-endian as base64 when asked', async () => {
    const response = await postEmbeddings({ model: 'm', input: 'some words', encoding_format: 'base64' });
    const { data } = await response.json();
    const bytes = Buffer.from(data[0].embedding, 'base64');
    const decoded = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    expect(Array.from(decoded)).toEqual(Array.from(Float32Array.from(fakeEmbedding('some words'))));
  });

  it("answers a bad request and a scripted failure with OpenAI's error body", async () => {
    const bad = await postEmbeddings({ model: 'm', input: '' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/input/) },
    });
    server.enqueueReply({ failBeforeStream: { status: 429, retryAfterSeconds: 3 } });
    const limited = await postEmbeddings({ model: 'm', input: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/embeddings', '/v1/embeddings']);
  });

  it("is read correctly by the AI SDK's own OpenAI embedding model", async () => {
    const model = createOpenAI({ apiKey: 'k', baseURL: `${server.url}/v1` }).embedding('text-embedding-3-small');
    const result = await embedMany({
      model,
      values: ['alpha beta', 'gamma'],
      maxRetries: 0,
      providerOptions: { openai: { dimensions: 24 } },
    });
    expect(result.embeddings).toEqual([fakeEmbedding('alpha beta', 24), fakeEmbedding('gamma', 24)]);
    expect(result.usage.tokens).toBe(3);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer k');
  });
});

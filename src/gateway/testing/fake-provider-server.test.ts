import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from './fake-provider-server';
import { splitIntoWordChunks } from './fake-reply';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function sseData(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length));
}

describe('splitIntoWordChunks', () => {
  it.each([
    ['Hello big world', ['Hello', ' big', ' world']],
    ['One', ['One']],
    ['  lead and trail  ', ['  lead', ' and', ' trail  ']],
    ['line\nbreak', ['line', '\nbreak']],
    ['   ', ['   ']],
    ['', []],
  ])('splits %j', (text, expected) => {
    expect(splitIntoWordChunks(text)).toEqual(expected);
  });
});

describe('the fake provider server', () => {
  it('streams OpenAI chunks, a final usage chunk, then [DONE]', async () => {
    server.enqueueReply({ text: 'Hi there', usage: { inputTokens: 4, outputTokens: 2 } });
    const response = await post('/v1/chat/completions', {
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const data = sseData(await response.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((line) => JSON.parse(line));
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta?.content).filter(Boolean)).toEqual(['Hi', ' there']);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 },
    });
  });

  it.each([
    ['OpenAI', '/v1/chat/completions', { model: 'gpt-4o', max_tokens: 3 }],
    ['OpenAI (reasoning models)', '/v1/chat/completions', { model: 'o4-mini', max_completion_tokens: 3 }],
    ['Anthropic', '/v1/messages', { model: 'claude-sonnet-4-20250514', max_tokens: 3 }],
    ['Google', '/v1beta/models/gemini-2.5-flash:generateContent', { generationConfig: { maxOutputTokens: 3 } }],
  ])('stops a %s reply at the request’s output cap, as the provider would', async (_name, path, cap) => {
    server.enqueueReply({ text: 'one two three four five' });
    const isGoogle = path.startsWith('/v1beta');
    const messages = isGoogle
      ? { contents: [{ role: 'user', parts: [{ text: 'Count' }] }] }
      : { messages: [{ role: 'user', content: 'Count' }] };
    const response = await post(path, { ...cap, ...messages });
    const text = JSON.stringify(await response.json());
    expect(text).toContain('one two three');
    expect(text).not.toContain('four');
    expect(text).toMatch(/"(length|max_tokens|MAX_TOKENS)"/);
  });

  it('sends Anthropic events in the documented order', async () => {
    const response = await post('/v1/messages', {
      model: 'claude-sonnet-4-20250514',
      stream: true,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('event: '))
      .map((line) => line.slice(7));
    expect(events).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      ...Array(4).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it.each([
    ['OpenAI', () => createOpenAI({ apiKey: 'k', baseURL: `${server.url}/v1` }).chat('gpt-4o')],
    [
      'Anthropic',
      () => createAnthropic({ apiKey: 'k', baseURL: `${server.url}/v1` }).messages('claude-sonnet-4-20250514'),
    ],
    [
      'Google',
      () => createGoogleGenerativeAI({ apiKey: 'k', baseURL: `${server.url}/v1beta` }).chat('gemini-2.0-flash'),
    ],
  ])('answers %s without streaming in a shape the AI SDK accepts', async (_name, model) => {
    server.enqueueReply({ text: 'A whole answer.', usage: { inputTokens: 9, cachedInputTokens: 4, outputTokens: 3 } });
    const result = await generateText({ model: model(), prompt: 'Answer', maxRetries: 0, maxOutputTokens: 20 });
    expect(result.text).toBe('A whole answer.');
    expect(result.usage).toMatchObject({ inputTokens: 9, outputTokens: 3, inputTokenDetails: { cacheReadTokens: 4 } });
    expect(server.requests[0]!.body).not.toHaveProperty('stream', true);
  });

  it('can be scripted and read over HTTP by another process', async () => {
    await post('/_fake/replies', [{ text: 'Scripted.' }, { failBeforeStream: { status: 503 } }]);
    const first = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'one' }] });
    const second = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'two' }] });
    expect((await first.json()).choices[0].message.content).toBe('Scripted.');
    expect(second.status).toBe(503);
    expect(await second.json()).toMatchObject({ error: { type: 'server_error' } });
    const recorded = await (await fetch(`${server.url}/_fake/requests`)).json();
    expect(
      recorded.map((request: { body: { messages: { content: string }[] } }) => request.body.messages[0]!.content),
    ).toEqual(['one', 'two']);
    await post('/_fake/reset', {});
    expect(server.requests).toHaveLength(0);
  });

  it('uses the default reply once the queue is empty, and 404s unknown routes', async () => {
    server.setDefaultReply({ text: 'Always this.' });
    const answer = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect((await answer.json()).choices[0].message.content).toBe('Always this.');
    expect((await post('/v2/unknown', {})).status).toBe(404);
  });

  it.each([
    ['after its headers', { stallAfterChunks: 0 }, []],
    ['after its first chunk', { stallAfterChunks: 1 }, ['one']],
  ])('falls silent %s until the client leaves (a stalled provider)', async (_name, script, expected) => {
    server.enqueueReply({ text: 'one two three', ...script });
    const client = new AbortController();
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'Count' }] }),
      signal: client.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const reading = (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read())
        received += decoder.decode(next.value, { stream: true });
    })().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const contents = sseData(received)
      .filter((line) => line !== '[DONE]')
      .map((line) => JSON.parse(line).choices[0]?.delta?.content)
      .filter(Boolean);
    expect(contents).toEqual(expected);
    expect(received).not.toContain('[DONE]');
    client.abort();
    await reading;
    expect(await server.requests[0]!.ended).toBe('closed-by-client');
  });

  it('never sends its headers with a long headersDelayMs, and lets go when the client leaves', async () => {
    server.enqueueReply({ headersDelayMs: 600_000 });
    const client = new AbortController();
    const answering = fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.abort();
    expect(await answering).toBeInstanceOf(Error);
    await expect.poll(() => server.requests.length).toBe(1);
    expect(await server.requests[0]!.ended).toBe('closed-by-client');
  });
});

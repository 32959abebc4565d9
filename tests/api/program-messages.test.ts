import Anthropic from '@anthropic-ai/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageRecords } from '../../src/server/db/schema';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// POST /v1/messages with Anthropic's own client (issue 23 part B; docs/decisions/055).

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ SIGNUP_MAX_PER_ADDRESS: '1000' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const haiku = 'anthropic/claude-3-5-haiku-latest';
const mini = 'openai/gpt-4o-mini';
const weatherTool = {
  name: 'get_weather',
  description: 'The weather in a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

async function keyFor(user?: LimitedUser) {
  const owner = user ?? (await server.newAdministrator('messages'));
  const { key, secret } = await server.createApiKey(owner);
  return { keyId: key.id, client: new Anthropic({ apiKey: secret, baseURL: server.server.url, maxRetries: 0 }) };
}

describe('POST /v1/messages with the @anthropic-ai/sdk client', () => {
  it('answers a message and streams one, the usage told equal to the usage recorded with the key', {
    timeout: 60_000,
  }, async () => {
    const { keyId, client } = await keyFor();
    server.provider.enqueueReply({ text: 'Bonjour.', usage: { inputTokens: 12, outputTokens: 2 } });
    const message = await client.messages.create({
      model: haiku,
      max_tokens: 100,
      system: 'Answer in French.',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: haiku, stop_reason: 'end_turn' });
    expect(message.content).toEqual([{ type: 'text', text: 'Bonjour.' }]);
    expect(message.usage).toMatchObject({ input_tokens: 12, output_tokens: 2 });
    expect(JSON.stringify(server.provider.requests.at(-1)!.body)).toContain('Answer in French.');

    server.provider.enqueueReply({ text: 'One two three', usage: { inputTokens: 7, outputTokens: 3 } });
    const stream = client.messages.stream({
      model: 'auto',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Count to three' }],
    });
    const events: string[] = [];
    for await (const event of stream) events.push(event.type);
    const final = await stream.finalMessage();
    expect(events[0]).toBe('message_start');
    expect(events).toContain('content_block_delta');
    expect(events.at(-1)).toBe('message_stop');
    expect(final.content).toEqual([{ type: 'text', text: 'One two three' }]);
    const records = await server.db.select().from(usageRecords).where(eq(usageRecords.apiKeyId, keyId));
    expect(records).toHaveLength(2);
    const streamed = records.find((record) => record.inputTokens === 7)!;
    expect(final.usage).toMatchObject({ input_tokens: streamed.inputTokens, output_tokens: streamed.outputTokens });
  });

  it('round-trips a tool call through an OpenAI-protocol model: tool_use out, tool_result back, the model finishes', {
    timeout: 60_000,
  }, async () => {
    const { client } = await keyFor();
    server.provider.enqueueReply({ toolCalls: [{ id: 'call_7', name: 'get_weather', arguments: '{"city":"Oslo"}' }] });
    const first = await client.messages.create({
      model: mini,
      max_tokens: 200,
      tools: [weatherTool],
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
    });
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((block) => block.type === 'tool_use')!;
    expect(toolUse).toMatchObject({ type: 'tool_use', id: 'call_7', name: 'get_weather', input: { city: 'Oslo' } });
    expect(server.provider.requests.at(-1)!.wire).toBe('openai');

    server.provider.enqueueReply({ text: 'Snowing in Oslo.' });
    const stream = client.messages.stream({
      model: mini,
      max_tokens: 200,
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_7', content: '{"sky":"snow"}' }] },
      ],
    });
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: 'text', text: 'Snowing in Oslo.' }]);
    const sent = server.provider.requests.at(-1)!.body as { messages: { role: string; tool_call_id?: string }[] };
    expect(sent.messages.find((message) => message.role === 'tool')).toMatchObject({ tool_call_id: 'call_7' });
  });

  it('refuses in Anthropic’s error shape: a bad key, a model the role lacks, an unsupported parameter', {
    timeout: 60_000,
  }, async () => {
    const bad = new Anthropic({ apiKey: `tw-abcdefgh_${'x'.repeat(43)}`, baseURL: server.server.url, maxRetries: 0 });
    await expect(
      bad.messages.create({ model: 'auto', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const member = await server.limitedUser([{ modelId: mini }]);
    const { client } = await keyFor(member);
    const denied = await client.messages
      .create({ model: haiku, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect((denied as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: 'error',
      error: { type: 'permission_error' },
    });
    const topK = await client.messages
      .create({ model: mini, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], ...({ top_k: 5 } as object) })
      .catch((error: unknown) => error);
    expect(topK).toBeInstanceOf(Anthropic.BadRequestError);
    expect((topK as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      error: { type: 'invalid_request_error' },
    });
    expect(server.provider.requests).toHaveLength(0);
  });
});

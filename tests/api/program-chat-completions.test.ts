import { and, eq, sql } from 'drizzle-orm';
import { ChatOpenAI } from '@langchain/openai';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheEntries, routingDecisions, usageRecords } from '../../src/server/db/schema';
import { ledgerSumAndBalance, postToWallet } from '../../src/server/wallet/ledger-repository';
import { uniqueName } from './support/client';
import { nextMonthStart, startLimitsServer, type LimitsServer } from './support/limited-roles';
import { roomStillHeld } from './support/held-room';

// POST /v1/chat/completions with OpenAI's own client (issue 23 part B; docs/decisions/055): routed,
// metered and recorded with the key like the chat, in OpenAI's wire format, streamed and not.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ SIGNUP_MAX_PER_ADDRESS: '1000' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const mini = 'openai/gpt-4o-mini';
const haiku = 'anthropic/claude-3-5-haiku-latest';
const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

const newAdmin = () => server.newAdministrator('program');

function client(secret: string, headers: Record<string, string> = {}) {
  return new OpenAI({
    apiKey: secret,
    baseURL: `${server.server.url}/v1`,
    maxRetries: 0,
    timeout: 60_000,
    defaultHeaders: headers,
  });
}

/** The key's usage records (what the books say it used). */
async function keyRecords(keyId: string) {
  return server.db.select().from(usageRecords).where(eq(usageRecords.apiKeyId, keyId));
}

async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

describe('POST /v1/chat/completions with the openai client', () => {
  it('answers a named model in chat.completion shape; the usage told equals the usage recorded with the key; headers name model, cache, cost and decision', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ text: 'Paris is the capital.', usage: { inputTokens: 21, outputTokens: 5 } });
    const { data: completion, response } = await client(secret)
      .chat.completions.create({
        model: mini,
        messages: [
          { role: 'system', content: 'Answer briefly.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
        temperature: 0.2,
        max_tokens: 50,
        user: 'end-user-7',
      })
      .withResponse();
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe(mini);
    expect(completion.choices[0]!.message).toMatchObject({ role: 'assistant', content: 'Paris is the capital.' });
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage).toMatchObject({ prompt_tokens: 21, completion_tokens: 5, total_tokens: 26 });

    const records = await keyRecords(key.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      source: 'api',
      userId: admin.userId,
      modelId: mini,
      inputTokens: 21,
      outputTokens: 5,
    });
    expect(Number(response.headers.get('x-tokenwise-cost-usd'))).toBeCloseTo(Number(records[0]!.costUsd), 12);
    expect(response.headers.get('x-tokenwise-model')).toBe(mini);
    expect(response.headers.get('x-tokenwise-cache')).toBe('miss');
    expect(Number(response.headers.get('x-tokenwise-saving-usd'))).toBeGreaterThanOrEqual(0);
    const decisionId = response.headers.get('x-tokenwise-decision-id')!;
    expect(records[0]!.decisionId).toBe(decisionId);
    const [decision] = await server.db.select().from(routingDecisions).where(eq(routingDecisions.id, decisionId));
    expect(decision).toMatchObject({ orgId: admin.orgId, mode: 'forced', servedModelId: mini, sessionId: null });
    expect(decision!.completedAt).not.toBeNull();

    const sent = server.provider.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 50 });
    expect(JSON.stringify(sent.messages)).toContain('Answer briefly.');
  });

  it('streams chat.completion.chunk events to [DONE] with a last usage chunk equal to the recorded usage', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ text: 'One two three four', usage: { inputTokens: 9, outputTokens: 4 } });
    const stream = await client(secret).chat.completions.create({
      model: 'auto',
      messages: [{ role: 'user', content: 'Count to four' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('One two three four');
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    const records = await keyRecords(key.id);
    expect(records).toHaveLength(1);
    expect(last.usage).toMatchObject({
      prompt_tokens: records[0]!.inputTokens,
      completion_tokens: records[0]!.outputTokens,
    });
    expect(records[0]!.inputTokens).toBe(9);
  });

  it('round-trips a tool call: an OpenAI-shaped request answered by an Anthropic-protocol model asks for the tool, the client answers, the model finishes', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    const openai = client(secret);
    server.provider.enqueueReply({
      toolCalls: [{ id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    const first = await openai.chat.completions.create({
      model: haiku,
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools: [weatherTool],
      tool_choice: 'auto',
    });
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(call).toMatchObject({ id: 'toolu_1', type: 'function', function: { name: 'get_weather' } });
    expect(JSON.parse((call as { function: { arguments: string } }).function.arguments)).toEqual({ city: 'Paris' });
    expect(server.provider.requests.at(-1)!.wire).toBe('anthropic');
    expect(JSON.stringify(server.provider.requests.at(-1)!.body)).toContain('get_weather');

    server.provider.enqueueReply({ text: 'It is sunny in Paris.' });
    const second = await openai.chat.completions.create({
      model: haiku,
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: call.id, content: '{"sky":"sunny"}' },
      ],
      tools: [weatherTool],
    });
    expect(second.choices[0]!.message.content).toBe('It is sunny in Paris.');
    const sent = JSON.stringify(server.provider.requests.at(-1)!.body);
    expect(sent).toContain('tool_result');
    expect(sent).toContain('toolu_1');
    expect(sent).toContain('sunny');
  });

  it('streams a tool call in OpenAI chunks', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Rome"}' }] });
    const stream = await client(secret).chat.completions.create({
      model: mini,
      messages: [{ role: 'user', content: 'Weather in Rome?' }],
      tools: [weatherTool],
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const toolDeltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(toolDeltas[0]).toMatchObject({ index: 0, id: 'call_9', function: { name: 'get_weather' } });
    expect(toolDeltas.map((delta) => delta.function?.arguments ?? '').join('')).toBe('{"city":"Rome"}');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('passes a JSON schema response format and an image part to the provider', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ text: '{"colour":"black"}' });
    const pixel =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const completion = await client(secret).chat.completions.create({
      model: mini,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is this pixel?' },
            { type: 'image_url', image_url: { url: pixel } },
          ],
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'colour',
          schema: { type: 'object', properties: { colour: { type: 'string' } }, required: ['colour'] },
        },
      },
    });
    expect(JSON.parse(completion.choices[0]!.message.content!)).toEqual({ colour: 'black' });
    const sent = server.provider.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'colour' } });
    expect(JSON.stringify(sent.messages)).toContain('iVBORw0KGgo');
  });

  it('refuses with the SDK’s typed errors: 401 bad key, 403 a model the role lacks, 404 an unknown model, 400 a parameter the model cannot honour, 402 an empty wallet', {
    timeout: 60_000,
  }, async () => {
    const bad = await refusal(
      client(`tw-abcdefgh_${'x'.repeat(43)}`).chat.completions.create({
        model: 'auto',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(bad).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(bad.code).toBe('invalid_api_key');

    const member = await server.limitedUser([{ modelId: mini }]);
    const { secret } = await server.createApiKey(member);
    const openai = client(secret);
    const notAllowed = await refusal(
      openai.chat.completions.create({ model: haiku, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(notAllowed).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(notAllowed.code).toBe('model_not_found');
    expect(notAllowed.param).toBe('model');
    const unknown = await refusal(
      openai.chat.completions.create({ model: 'openai/gpt-9', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);

    const admin = await newAdmin();
    const adminKey = await server.createApiKey(admin);
    const seeded = await refusal(
      client(adminKey.secret).chat.completions.create({
        model: haiku,
        seed: 3,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(seeded).toBeInstanceOf(OpenAI.BadRequestError);
    expect(seeded.param).toBe('seed');
    const twoChoices = await refusal(
      client(adminKey.secret).chat.completions.create({
        model: mini,
        n: 2,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(twoChoices).toBeInstanceOf(OpenAI.BadRequestError);
    expect(twoChoices.param).toBe('n');
    const malformed = await refusal(
      client(adminKey.secret).chat.completions.create({
        model: mini,
        messages: [{ role: 'user', content: 'hi' }],
        temperature: 7,
      }),
    );
    expect(malformed).toBeInstanceOf(OpenAI.BadRequestError);
    expect(malformed.param).toBe('temperature');
    expect(server.provider.requests).toHaveLength(0);

    const { balance } = await ledgerSumAndBalance(server.db, admin.orgId);
    await postToWallet(server.db, { orgId: admin.orgId, amount: `-${balance}`, description: 'Test adjustment' });
    const unpaid = await refusal(
      client(adminKey.secret).chat.completions.create({ model: mini, messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(unpaid.status).toBe(402);
    expect(unpaid.code).toBe('insufficient_quota');
    expect(server.provider.requests).toHaveLength(0);
  });

  it('another organisation’s key never sees this organisation’s decisions or usage', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    server.provider.enqueueReply({ text: 'Ours.' });
    const { response } = await client(secret)
      .chat.completions.create({ model: mini, messages: [{ role: 'user', content: 'hello' }] })
      .withResponse();
    const decisionId = response.headers.get('x-tokenwise-decision-id')!;
    const other = await newAdmin();
    const [decision] = await server.db.select().from(routingDecisions).where(eq(routingDecisions.id, decisionId));
    expect(decision!.orgId).toBe(admin.orgId);
    expect(decision!.orgId).not.toBe(other.orgId);
  });
});

describe('a key’s monthly budget', () => {
  it('is never exceeded by 50 concurrent calls on one key: the rest are 429 naming the budget and its reset, with Retry-After', {
    timeout: 180_000,
  }, async () => {
    const admin = await newAdmin();
    const { key, secret } = await server.createApiKey(admin, { monthly_budget_usd: 0.01 });
    const words = Array.from({ length: 100 }, (_, index) => `w${index}`).join(' ');
    server.provider.setDefaultReply({ text: words });
    const openai = client(secret);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        openai.chat.completions
          .create({
            model: 'openai/gpt-4o',
            max_tokens: 100,
            messages: [{ role: 'user', content: `Call ${index} please` }],
          })
          .then(() => 'answered' as const)
          .catch((error: unknown) => error),
      ),
    );
    const answered = outcomes.filter((outcome) => outcome === 'answered').length;
    const refused = outcomes.filter(
      (outcome): outcome is InstanceType<typeof OpenAI.RateLimitError> => outcome instanceof OpenAI.RateLimitError,
    );
    expect(answered).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(answered + refused.length).toBe(50);
    expect(refused[0]!.message).toContain('$0.01');
    expect(refused[0]!.message).toContain(nextMonthStart());
    expect(Number(refused[0]!.headers?.get('retry-after'))).toBeGreaterThan(0);

    const [spent] = await server.db
      .select({ cost: sql<string>`coalesce(sum(${usageRecords.costUsd}), 0)::text` })
      .from(usageRecords)
      .where(and(eq(usageRecords.orgId, admin.orgId), eq(usageRecords.apiKeyId, key.id)));
    expect(Number(spent!.cost)).toBeGreaterThan(0);
    expect(Number(spent!.cost)).toBeLessThanOrEqual(0.01);
    expect(await roomStillHeld([server.server], server.db, admin.orgId)).toEqual({ limits: 0, wallet: 0 });
  });
});

describe('the semantic cache for programs, and rating answers', () => {
  it('answers from the cache only when safe (no tools, same system prompt, cache not switched off by header or key), and a program rates the answer by its decision id', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const prompt = `What is the tallest mountain in the Alps, asked ${uniqueName('q')}?`;
    server.provider.enqueueReply({ text: 'Mont Blanc.' });
    expect((await server.send(admin, prompt, mini)).status).toBe(200);
    for (let waited = 0; waited < 100; waited += 1) {
      const entries = await server.db.select().from(cacheEntries).where(eq(cacheEntries.orgId, admin.orgId));
      if (entries.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { key, secret } = await server.createApiKey(admin);
    const asked = server.provider.requests.length;
    const { data: hit, response } = await client(secret)
      .chat.completions.create({ model: mini, messages: [{ role: 'user', content: prompt }] })
      .withResponse();
    expect(response.headers.get('x-tokenwise-cache')).toBe('hit');
    expect(hit.choices[0]!.message.content).toBe('Mont Blanc.');
    expect(hit.usage).toMatchObject({ prompt_tokens: 0, completion_tokens: 0 });
    expect(response.headers.get('x-tokenwise-cost-usd')).toBe('0.0');
    expect(Number(response.headers.get('x-tokenwise-saving-usd'))).toBeGreaterThan(0);
    expect(server.provider.requests.length).toBe(asked);
    const [hitRecord] = (await keyRecords(key.id)).filter((record) => record.cacheHit);
    expect(hitRecord).toMatchObject({ source: 'api', apiKeyId: key.id });
    expect(Number(hitRecord!.costUsd)).toBe(0);

    const missCases: [
      string,
      Parameters<OpenAI['chat']['completions']['create']>[0],
      Record<string, string>,
      string,
    ][] = [
      [
        'tools in play',
        { model: mini, messages: [{ role: 'user', content: prompt }], tools: [weatherTool] },
        {},
        'off',
      ],
      [
        'the header',
        { model: mini, messages: [{ role: 'user', content: prompt }] },
        { 'x-tokenwise-cache': 'off' },
        'off',
      ],
      [
        'another system prompt',
        {
          model: mini,
          messages: [
            { role: 'system', content: 'Answer as a pirate.' },
            { role: 'user', content: prompt },
          ],
        },
        {},
        'miss',
      ],
      [
        'a JSON response format',
        { model: mini, messages: [{ role: 'user', content: prompt }], response_format: { type: 'json_object' } },
        {},
        'off',
      ],
    ];
    for (const [name, body, headers, expected] of missCases) {
      server.provider.enqueueReply({ text: 'From the model.' });
      const { data, response: answer } = await client(secret, headers)
        .chat.completions.create({ ...body, stream: false })
        .withResponse();
      expect(answer.headers.get('x-tokenwise-cache'), name).toBe(expected);
      expect((data as OpenAI.ChatCompletion).choices[0]!.message.content, name).toBe('From the model.');
    }
    const noCacheKey = await server.createApiKey(admin, { cache_enabled: false });
    server.provider.enqueueReply({ text: 'From the model.' });
    const { response: keyOff } = await client(noCacheKey.secret)
      .chat.completions.create({ model: mini, messages: [{ role: 'user', content: prompt }] })
      .withResponse();
    expect(keyOff.headers.get('x-tokenwise-cache')).toBe('off');

    const decisionId = response.headers.get('x-tokenwise-decision-id')!;
    const rate = (secretKey: string, id: string, rating: string) =>
      fetch(`${server.server.url}/v1/decisions/${id}/rating`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rating }),
      });
    const other = await newAdmin();
    const otherKey = await server.createApiKey(other);
    const foreign = await rate(otherKey.secret, decisionId, 'negative');
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toMatchObject({ type: 'invalid_request_error' });
    const rated = await rate(secret, decisionId, 'negative');
    expect(rated.status).toBe(201);
    expect(await rated.json()).toMatchObject({ selection_id: decisionId, feedback: 'negative', model_id: mini });
    const [decision] = await server.db.select().from(routingDecisions).where(eq(routingDecisions.id, decisionId));
    expect(decision!.feedback).toBe('negative');
    expect((await rate(secret, decisionId, 'positive')).status).toBe(409);
    // Rated bad: the cached answer is not served again.
    server.provider.enqueueReply({ text: 'A fresh answer.' });
    const { response: afterRating } = await client(secret)
      .chat.completions.create({ model: mini, messages: [{ role: 'user', content: prompt }] })
      .withResponse();
    expect(afterRating.headers.get('x-tokenwise-cache')).toBe('miss');
  });
});

describe('LangChain’s ChatOpenAI', () => {
  it('works against /v1 by its base URL, streamed and not', { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { secret } = await server.createApiKey(admin);
    const model = new ChatOpenAI({
      model: mini,
      apiKey: secret,
      maxRetries: 0,
      configuration: { baseURL: `${server.server.url}/v1` },
    });
    server.provider.enqueueReply({ text: 'Hello from LangChain.' });
    const answer = await model.invoke('Say hello');
    expect(answer.content).toBe('Hello from LangChain.');
    server.provider.enqueueReply({ text: 'Streamed words here.' });
    let streamed = '';
    for await (const chunk of await model.stream('Stream something')) streamed += String(chunk.content);
    expect(streamed).toBe('Streamed words here.');
  });
});

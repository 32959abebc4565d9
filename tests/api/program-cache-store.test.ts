import { eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheEntries, routingDecisions } from '../../src/server/db/schema';
import { uniqueName } from './support/client';
import { startLimitsServer, type LimitedUser, type LimitsServer } from './support/limited-roles';

// Programs' answers in the semantic cache (issue 23; docs/decisions/060): stored when the lookup
// would have been safe, hung on the program's decision, scoped to its organisation.

let server: LimitsServer;
beforeAll(async () => {
  server = await startLimitsServer({ SIGNUP_MAX_PER_ADDRESS: '1000' });
}, 60_000);
afterAll(() => server?.close());
beforeEach(() => server.provider.reset());

const mini = 'openai/gpt-4o-mini';
const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

const newAdmin = () => server.newAdministrator('cached');

async function newKeyClient(user: LimitedUser) {
  const { secret } = await server.createApiKey(user);
  return new OpenAI({ apiKey: secret, baseURL: `${server.server.url}/v1`, maxRetries: 0, timeout: 60_000 });
}

const entriesOf = (orgId: string) => server.db.select().from(cacheEntries).where(eq(cacheEntries.orgId, orgId));

describe("programs' answers in the semantic cache", () => {
  it('stores a safe answer: the second identical call is a hit, no model asked; another organisation never gets it', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const openai = await newKeyClient(admin);
    const request = {
      model: mini,
      messages: [
        { role: 'system' as const, content: 'Answer briefly.' },
        { role: 'user' as const, content: `Which river runs through Vienna, asked ${uniqueName('q')}?` },
      ],
      temperature: 0,
    };
    server.provider.enqueueReply({ text: 'The Danube.' });
    const first = await openai.chat.completions.create(request).withResponse();
    expect(first.response.headers.get('x-tokenwise-cache')).toBe('miss');
    const [entry, ...more] = await entriesOf(admin.orgId);
    expect(more).toEqual([]);
    const decisionId = first.response.headers.get('x-tokenwise-decision-id')!;
    expect(entry).toMatchObject({
      decisionId,
      sessionId: null,
      replyMessageId: null,
      reply: 'The Danube.',
      modelId: mini,
    });

    const asked = server.provider.requests.length;
    const second = await openai.chat.completions.create(request).withResponse();
    expect(second.response.headers.get('x-tokenwise-cache')).toBe('hit');
    expect(second.data.choices[0]!.message.content).toBe('The Danube.');
    expect(server.provider.requests.length).toBe(asked);

    // Streamed, the same question is answered from the cache too.
    const streamed = await openai.chat.completions.create({ ...request, stream: true }).withResponse();
    expect(streamed.response.headers.get('x-tokenwise-cache')).toBe('hit');
    let text = '';
    for await (const chunk of streamed.data) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('The Danube.');

    const other = await newAdmin();
    server.provider.enqueueReply({ text: 'Theirs.' });
    const foreign = await (await newKeyClient(other)).chat.completions.create(request).withResponse();
    expect(foreign.response.headers.get('x-tokenwise-cache')).toBe('miss');
    expect(foreign.data.choices[0]!.message.content).toBe('Theirs.');
  });

  it('never stores an unsafe answer (tools, a response format, a hotter temperature, cache off) or a cut-off one', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const openai = await newKeyClient(admin);
    const question = `What is the weather in Oslo, asked ${uniqueName('q')}?`;
    const messages = [{ role: 'user' as const, content: question }];
    const unsafe: [string, Parameters<OpenAI['chat']['completions']['create']>[0], Record<string, string>][] = [
      ['tools', { model: mini, messages, tools: [weatherTool] }, {}],
      ['a response format', { model: mini, messages, response_format: { type: 'json_object' } }, {}],
      ['a hotter temperature', { model: mini, messages, temperature: 2 }, {}],
      ['the header', { model: mini, messages }, { 'x-tokenwise-cache': 'off' }],
    ];
    for (const [name, body, headers] of unsafe) {
      server.provider.enqueueReply({ text: '{"sky":"grey"}' });
      const { response } = await openai.chat.completions.create({ ...body, stream: false }, { headers }).withResponse();
      expect(response.headers.get('x-tokenwise-cache'), name).toBe('off');
      expect(await entriesOf(admin.orgId), name).toEqual([]);
    }
    server.provider.enqueueReply({ text: 'It is grey and', finishReason: 'length' });
    const cut = await openai.chat.completions.create({ model: mini, messages, max_tokens: 4 }).withResponse();
    expect(cut.response.headers.get('x-tokenwise-cache')).toBe('miss');
    expect(cut.data.choices[0]!.finish_reason).toBe('length');
    expect(await entriesOf(admin.orgId)).toEqual([]);
  });

  it('deleting the decision an entry hangs on deletes the entry; a chat entry still goes with its conversation', {
    timeout: 120_000,
  }, async () => {
    const admin = await newAdmin();
    const openai = await newKeyClient(admin);
    server.provider.enqueueReply({ text: 'Bern.' });
    const { response } = await openai.chat.completions
      .create({ model: mini, messages: [{ role: 'user', content: `Capital of Switzerland, ${uniqueName('q')}?` }] })
      .withResponse();
    expect(await entriesOf(admin.orgId)).toHaveLength(1);
    await server.db
      .delete(routingDecisions)
      .where(eq(routingDecisions.id, response.headers.get('x-tokenwise-decision-id')!));
    expect(await entriesOf(admin.orgId)).toEqual([]);

    server.provider.enqueueReply({ text: 'Madrid.' });
    const sent = await server.send(admin, `Capital of Spain, ${uniqueName('q')}?`, mini);
    expect(sent.status).toBe(200);
    let entries = await entriesOf(admin.orgId);
    for (let waited = 0; waited < 100 && entries.length === 0; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      entries = await entriesOf(admin.orgId);
    }
    expect(entries).toHaveLength(1);
    const sessionId = entries[0]!.sessionId!;
    const deleted = await fetch(`${server.server.url}/api/conversation/session/${sessionId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.status).toBe(200);
    expect(await entriesOf(admin.orgId)).toEqual([]);
  });
});

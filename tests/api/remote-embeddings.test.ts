import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { ownServerConfig } from './support/own-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';

// A server whose semantic cache embeds through an OpenAI-compatible endpoint instead of the embedded encoder.
describe('the semantic cache on an OpenAI-compatible embeddings endpoint', () => {
  let server: RunningServer;
  let chat: FakeProviderServer;
  let embeddings: FakeProviderServer;
  let dataDir: string;

  beforeAll(async () => {
    [chat, embeddings] = await Promise.all([startFakeProviderServer(), startFakeProviderServer()]);
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-embeddings-'));
    const config = ownServerConfig(dataDir, {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `${chat.url}/v1`,
      EMBEDDINGS_BASE_URL: `${embeddings.url}/v1`,
      EMBEDDINGS_API_KEY: 'embeddings-key',
      EMBEDDINGS_MODEL: 'text-embedding-3-small',
      EMBEDDINGS_DIMENSIONS: '512',
    });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([chat?.close(), embeddings?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signUp() {
    const username = uniqueName('embed');
    const answer = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.test`, password: strongPassword, org_name: 'Embeddings' }),
    });
    return (await answer.json()) as { token: string; user: { id: string; org_id: string } };
  }

  async function ask(auth: Awaited<ReturnType<typeof signUp>>, prompt: string) {
    const answer = await fetch(`${server.url}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` },
      body: JSON.stringify({ org_id: auth.user.org_id, user_id: auth.user.id, prompt }),
    });
    return { status: answer.status, ...parseStreamBody(await answer.text()) };
  }

  it('embeds prompts there and answers a paraphrase from the cache', async () => {
    const auth = await signUp();
    const first = await ask(auth, 'How do I bake sourdough bread at home');
    expect(first.metadata!.route!.cached).toBe(false);
    const again = await ask(auth, 'How do I bake sourdough bread at home please');
    expect(again.metadata!.route).toMatchObject({ cached: true, reason: 'cache_hit' });
    expect(again.text).toBe(first.text);
    const calls = embeddings.requests.filter((request) => request.path === '/v1/embeddings');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]!.body).toMatchObject({ model: 'text-embedding-3-small', dimensions: 512 });
    expect(calls[0]!.headers.authorization).toBe('Bearer embeddings-key');
  });

  it('still answers from a model when the embeddings endpoint fails', async () => {
    embeddings.setDefaultReply({ failBeforeStream: { status: 500 } });
    try {
      const auth = await signUp();
      const answer = await ask(auth, 'What makes a good cup of tea?');
      expect(answer.status).toBe(200);
      expect(answer.metadata!.route!.cached).toBe(false);
      expect(answer.text).toBe('Fake reply to: What makes a good cup of tea?');
    } finally {
      embeddings.setDefaultReply({});
    }
  });
});

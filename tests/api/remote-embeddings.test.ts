import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import type { FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import type { RunningServer } from '../../src/server/server';
import {
  startServerWithRemoteEmbeddings,
  type ServerWithRemoteEmbeddings,
} from './support/server-with-remote-embeddings';

// A server whose semantic cache embeds through an OpenAI-compatible endpoint instead of the embedded encoder.
describe('the semantic cache on an OpenAI-compatible embeddings endpoint', () => {
  let setup: ServerWithRemoteEmbeddings;
  let server: RunningServer;
  let embeddings: FakeProviderServer;

  beforeAll(async () => {
    setup = await startServerWithRemoteEmbeddings({ EMBEDDINGS_API_KEY: 'embeddings-key' });
    ({ server, embeddings } = setup);
  }, 180_000);
  afterAll(() => setup?.close());

  const signUp = () => setup.signUp('embed');

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

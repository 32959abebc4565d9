import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import {
  startServerWithRemoteEmbeddings,
  type ServerWithRemoteEmbeddings,
} from './support/server-with-remote-embeddings';

/**
 * Chat messages set up (routing, the cache look-up, the rows written before a reply opens) a few at
 * a time, in arrival order (src/server/conversations/setup-gate.ts). Their own server lets one set
 * up at a time, and its semantic cache embeds through an endpoint that answers slowly: the second
 * message's set-up, which embeds its prompt there too, may start only once the first one's is done.
 */
describe('chat messages arriving together', () => {
  let setup: ServerWithRemoteEmbeddings;
  beforeAll(async () => {
    setup = await startServerWithRemoteEmbeddings({ CHAT_SETUP_CONCURRENCY: '1' });
  }, 180_000);
  afterAll(() => setup?.close());

  it('set up one after the other, and both are answered', async () => {
    const { server, embeddings } = setup;
    const user = await setup.signUp('setup');
    const send = (prompt: string) =>
      fetch(`${server.url}/api/conversation/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({
          org_id: user.user.org_id,
          user_id: user.user.id,
          prompt,
          forced_model_id: 'openai/gpt-4o-mini',
          stream: true,
        }),
      }).then(async (response) => ({ status: response.status, body: parseStreamBody(await response.text()) }));

    embeddings.setDefaultReply({ chunkDelayMs: 1_000 });
    try {
      const before = embeddings.requests.length;
      const answers = Promise.all([
        send('How do tides work on the open ocean?'),
        send('Which birds migrate the farthest each year?'),
      ]);
      const deadline = Date.now() + 60_000;
      const arrived = async (count: number) => {
        while (embeddings.requests.length < before + count && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(embeddings.requests.length).toBeGreaterThanOrEqual(before + count);
      };
      await arrived(1);
      let firstAnswered = false;
      void embeddings.requests[before]!.ended.then(() => (firstAnswered = true));
      await arrived(2);
      // The second embedding was asked for only after the first one was answered.
      expect(firstAnswered).toBe(true);

      for (const answer of await answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.metadata).toBeDefined();
      }
    } finally {
      embeddings.setDefaultReply({});
    }
  });
});

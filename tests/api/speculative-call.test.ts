import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { parsePicodollars } from '../../src/money';
import { usageRecords } from '../../src/server/db/schema';
import {
  startServerWithRemoteEmbeddings,
  type ServerWithRemoteEmbeddings,
} from './support/server-with-remote-embeddings';
import { roomStillHeld } from './support/held-room';

/**
 * The model is asked while the semantic cache is searched (docs/decisions/032). The cache embeds
 * through an endpoint the test slows down, so a near repeat is found while the model's call is
 * under way: the call is stopped, the prompt it was sent is on the books, and the stored reply is
 * the answer. Cases run one after another on their own servers.
 */
const cached = 'Routers keep a password on the label underneath.';
const original = 'How do I reset my router password?';
const nearRepeat = 'How do I reset my router password please?';

/** A conversation whose first reply is cached; `model` null asks Auto (a primary with a backup). */
async function conversation(setup: ServerWithRemoteEmbeddings, model: string | null = 'openai/gpt-4o-mini') {
  const owner = await setup.signUp('speculative');
  const send = async (prompt: string) => {
    const response = await fetch(`${setup.server.url}/api/conversation/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        org_id: owner.user.org_id,
        user_id: owner.user.id,
        prompt,
        forced_model_id: model,
        stream: true,
      }),
    });
    return { status: response.status, ...parseStreamBody(await response.text()) };
  };
  setup.chat.enqueueReply({ text: cached });
  expect((await send(original)).text).toBe(cached);
  const records = () =>
    setup.server.database.db.select().from(usageRecords).where(eq(usageRecords.userId, owner.user.id));
  const reservations = async () =>
    (await roomStillHeld([setup.server], setup.server.database.db, owner.user.org_id)).limits;
  return { send, records, reservations };
}

describe('asking the model while the cache is searched (the default)', () => {
  let setup: ServerWithRemoteEmbeddings;
  beforeAll(async () => {
    setup = await startServerWithRemoteEmbeddings();
  }, 180_000);
  afterAll(() => setup?.close());

  it('stops the call on a hit, keeps the prompt it was sent on the books, and answers from the cache', async () => {
    const { send, records, reservations } = await conversation(setup);
    const callsBefore = setup.chat.requests.length;
    setup.embeddings.setDefaultReply({ chunkDelayMs: 600 });
    setup.chat.enqueueReply({ text: 'A model answer nobody should see', chunkDelayMs: 5_000 });
    try {
      const started = performance.now();
      const answer = await send(nearRepeat);
      // Answered without waiting for the model's first part, five seconds away.
      expect(performance.now() - started).toBeLessThan(4_500);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(cached);
      expect(answer.metadata!.route).toMatchObject({ reason: 'cache_hit', cached: true });
    } finally {
      setup.embeddings.setDefaultReply({});
    }
    const calls = setup.chat.requests.slice(callsBefore);
    expect(calls).toHaveLength(1);
    expect(await calls[0]!.ended).toBe('closed-by-client');

    const stopped = (await records()).filter((record) => record.decisionId === null);
    expect(stopped).toEqual([
      expect.objectContaining({
        modelId: 'openai/gpt-4o-mini',
        outcome: 'abandoned',
        outputTokens: 0,
        sessionId: null,
        messageId: null,
        cacheHit: false,
      }),
    ]);
    expect(stopped[0]!.inputTokens).toBeGreaterThan(0);
    expect(parsePicodollars(stopped[0]!.costUsd)).toBeGreaterThan(0n);
    expect(await reservations()).toBe(0);
  });

  it('records a stopped call against the model that was being asked: the backup, once the primary had failed', async () => {
    const { send, records, reservations } = await conversation(setup, null);
    setup.embeddings.setDefaultReply({ chunkDelayMs: 600 });
    setup.chat.enqueueReply({ failBeforeStream: { status: 500 } });
    // The backup has not even answered its headers when the cache finds the reply.
    setup.chat.enqueueReply({ text: 'A backup answer nobody should see', headersDelayMs: 5_000 });
    try {
      // Not asked before on this server, so its vector is not remembered and the look-up takes its time.
      expect((await send('How can I reset my router password?')).text).toBe(cached);
    } finally {
      setup.embeddings.setDefaultReply({});
    }
    const calls = await records();
    const refused = calls.find((record) => record.outcome === 'failed');
    const stopped = calls.find((record) => record.outcome === 'abandoned');
    expect(calls.filter((record) => record.outcome === 'abandoned')).toHaveLength(1);
    expect(refused).toBeDefined();
    expect(stopped).toMatchObject({ decisionId: null, outputTokens: 0 });
    // Both calls were made for this request: the primary refused, the backup stopped.
    expect(stopped!.modelId).not.toBe(refused!.modelId);
    expect(parsePicodollars(stopped!.costUsd)).toBeGreaterThan(0n);
    expect(await reservations()).toBe(0);
  });

  it('on a miss, the call already under way is the answer: one call, no extra record', async () => {
    const { send, records } = await conversation(setup);
    const callsBefore = setup.chat.requests.length;
    setup.embeddings.setDefaultReply({ chunkDelayMs: 300 });
    setup.chat.enqueueReply({ text: 'Puffins nest in burrows.' });
    try {
      const answer = await send('Where do puffins nest in summer?');
      expect(answer.text).toBe('Puffins nest in burrows.');
      expect(answer.metadata!.route).not.toMatchObject({ reason: 'cache_hit' });
    } finally {
      setup.embeddings.setDefaultReply({});
    }
    expect(setup.chat.requests.slice(callsBefore)).toHaveLength(1);
    expect((await records()).filter((record) => record.decisionId === null)).toEqual([]);
    expect(await records()).toHaveLength(2);
  });
});

describe('with CACHE_SPECULATIVE_CALLS=false', () => {
  let setup: ServerWithRemoteEmbeddings;
  beforeAll(async () => {
    setup = await startServerWithRemoteEmbeddings({ CACHE_SPECULATIVE_CALLS: 'false' });
  }, 180_000);
  afterAll(() => setup?.close());

  it('asks no model for a near repeat the cache answers', async () => {
    const { send, records } = await conversation(setup);
    const callsBefore = setup.chat.requests.length;
    setup.embeddings.setDefaultReply({ chunkDelayMs: 300 });
    try {
      expect((await send(nearRepeat)).text).toBe(cached);
    } finally {
      setup.embeddings.setDefaultReply({});
    }
    expect(setup.chat.requests.slice(callsBefore)).toHaveLength(0);
    expect((await records()).filter((record) => record.decisionId === null)).toEqual([]);
  });
});

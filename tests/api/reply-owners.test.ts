import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStreamBody } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { chatMessages, serverInstances } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { eventually } from './support/chat';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

/**
 * Several instances on one PostgreSQL server (docs/decisions/015): an instance that starts marks
 * interrupted only the streaming replies of instances that are gone, never those of a live one.
 * Only on PostgreSQL: the embedded database belongs to one process, so there every reply left
 * streaming at start-up is a dead one's (the crash test covers that).
 */
describe('streaming replies of several instances on one database', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  const servers: RunningServer[] = [];

  const start = async () => {
    const server = await startServer(
      ownServerConfig(dataDir, { OPENAI_API_KEY: 'sk-test-dummy', OPENAI_BASE_URL: `${provider.url}/v1` }),
      { webRoot: null },
    );
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    provider.setDefaultReply({
      text: Array.from({ length: 60 }, (_, index) => `w${index}`).join(' '),
      chunkDelayMs: 100,
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-owners-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves a live instance its replies and recovers those of a gone one', { timeout: 120_000 }, async () => {
    const live = await start();
    const username = uniqueName('owners');
    const signup = await fetch(`${live.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: 'Owners',
      }),
    });
    const { token, user } = (await signup.json()) as { token: string; user: { id: string; org_id: string } };
    const streamOn = async (prompt: string) => {
      const response = await fetch(`${live.url}/api/conversation/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          org_id: user.org_id,
          user_id: user.id,
          prompt,
          forced_model_id: 'openai/gpt-4o-mini',
          stream: true,
        }),
      });
      const sessionId = response.headers.get('x-session-id')!;
      const saved = await eventually(
        async () =>
          (await (
            await fetch(`${live.url}/api/conversation/session/${sessionId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as { messages: { id: string; status: string }[] },
        (session) => session.messages[1]?.status === 'streaming',
        20_000,
      );
      return { response, replyId: saved.messages[1]!.id };
    };
    const statusOf = async (messageId: string) =>
      (
        await live.database.db
          .select({ status: chatMessages.status })
          .from(chatMessages)
          .where(eq(chatMessages.id, messageId))
      )[0]?.status;

    const kept = await streamOn('Keep streaming on the live instance');
    const orphaned = await streamOn('Pretend my instance died');
    // As a dead instance leaves it: its reply streaming under its id, its last heartbeat long ago.
    const gone = randomUUID();
    await live.database.db.insert(serverInstances).values({ id: gone, heartbeatAt: sql`now() - interval '1 hour'` });
    await live.database.db.update(chatMessages).set({ streamOwner: gone }).where(eq(chatMessages.id, orphaned.replyId));

    await start();
    expect(await statusOf(orphaned.replyId)).toBe('interrupted');
    expect(await statusOf(kept.replyId)).toBe('streaming');

    const finished = parseStreamBody(await kept.response.text());
    expect(finished.metadata?.assistant_msg_id).toBe(kept.replyId);
    expect(await statusOf(kept.replyId)).toBe('complete');
    await orphaned.response.text();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';
import { ownServerConfig } from './own-server';

export interface SignedUpOwner {
  token: string;
  user: { id: string; org_id: string };
}

/**
 * A server of the test's own whose models answer from one fake provider and whose semantic cache
 * embeds through another, an OpenAI-compatible embeddings endpoint the test can slow down or hold
 * (`embeddings.setDefaultReply({ chunkDelayMs })`), on in-memory PGlite.
 */
export interface ServerWithRemoteEmbeddings {
  server: RunningServer;
  chat: FakeProviderServer;
  embeddings: FakeProviderServer;
  /** Signs up a new organisation over HTTP; its first user is an admin. */
  signUp(prefix: string): Promise<SignedUpOwner>;
  close(): Promise<void>;
}

export async function startServerWithRemoteEmbeddings(
  variables: Record<string, string> = {},
): Promise<ServerWithRemoteEmbeddings> {
  const [chat, embeddings] = await Promise.all([startFakeProviderServer(), startFakeProviderServer()]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-remote-embeddings-'));
  const config = ownServerConfig(dataDir, {
    OPENAI_API_KEY: 'sk-test-dummy',
    OPENAI_BASE_URL: `${chat.url}/v1`,
    EMBEDDINGS_BASE_URL: `${embeddings.url}/v1`,
    EMBEDDINGS_MODEL: 'text-embedding-3-small',
    EMBEDDINGS_DIMENSIONS: '512',
    ...variables,
  });
  const server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  return {
    server,
    chat,
    embeddings,
    async signUp(prefix) {
      const username = uniqueName(prefix);
      const response = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          email: `${username}@example.test`,
          password: strongPassword,
          org_name: `Org ${username}`,
        }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as SignedUpOwner;
    },
    async close() {
      await server.close();
      await Promise.all([chat.close(), embeddings.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { parseStreamBody, type ParsedStream } from '../../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../../src/server/server';
import { strongPassword, uniqueName } from './client';
import { ownServerConfig } from './own-server';
import { createOwnDatabase } from './own-database';
import { grantEveryFeatureOnFreeTrial } from './plan-grants';

export interface Owner {
  token: string;
  orgId: string;
  userId: string;
}

/**
 * A server of the test's own with the embedded model switched on, the provider set-up the test
 * names in `variables`, and one fake provider (OpenAI, Anthropic, Google and compatible wire
 * formats) that organisations' own keys may point at. The embedded model's file is missing, so a
 * request Auto sends to it fails before its first part (its backup answers, when it has one):
 * these tests see which model Auto chose without running a model on the CPU.
 */
export interface LadderServer {
  server: RunningServer;
  provider: FakeProviderServer;
  signUp(prefix: string): Promise<Owner>;
  call(
    owner: Owner,
    pathname: string,
    options?: { method?: string; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: untyped JSON answer body: each test asserts on the shape it expects; unknown would need a cast at every property it reads
  ): Promise<{ status: number; body: any }>;
  /** Sets the organisation's own key for a provider, pointed at the fake provider. */
  useOwnKey(owner: Owner, provider: 'openai' | 'anthropic' | 'google' | 'openai-compatible'): Promise<void>;
  /** An automatic (no model chosen) streamed message. */
  ask(owner: Owner, prompt: string): Promise<{ status: number; parsed: ParsedStream }>;
  close(): Promise<void>;
}

export const embeddedModelId = 'local/tinyllama-1.1b-chat';

export async function startLadderServer(
  variables: (providerUrl: string) => Record<string, string>,
): Promise<LadderServer> {
  const provider = await startFakeProviderServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-ladder-'));
  // A database of its own on PostgreSQL: the plan grant below must not reach other test files' servers.
  const ownDatabase = await createOwnDatabase();
  const config = ownServerConfig(dataDir, {
    ...(ownDatabase.url ? { DATABASE_URL: ownDatabase.url } : {}),
    LOCAL_MODEL_ENABLED: 'true',
    LOCAL_MODEL_PATH: path.join(dataDir, 'no-such-model.gguf'),
    ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '127.0.0.1/32',
    SIGNUP_MAX_PER_ADDRESS: '100',
    ...variables(provider.url),
  });
  const server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  // These tests change the routing policy: a Business feature, granted here on the Free Trial.
  await grantEveryFeatureOnFreeTrial(server.database.db);

  async function call(owner: Owner | undefined, pathname: string, options: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(owner ? { authorization: `Bearer ${owner.token}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    };
  }

  return {
    server,
    provider,
    async signUp(prefix) {
      const username = uniqueName(prefix);
      const answer = await call(undefined, '/auth/signup', {
        body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
      });
      expect(answer.status).toBe(201);
      return { token: answer.body.token, orgId: answer.body.user.org_id, userId: answer.body.user.id };
    },
    call,
    async useOwnKey(owner, keyed) {
      const baseUrl = keyed === 'google' ? `${provider.url}/v1beta` : `${provider.url}/v1`;
      const answer = await call(owner, `/org/${owner.orgId}/provider-keys/${keyed}`, {
        method: 'PUT',
        body: { api_key: 'test-key-0000', base_url: baseUrl },
      });
      expect(answer.status).toBe(200);
    },
    async ask(owner, prompt) {
      const answer = await call(owner, '/conversation/message', {
        body: { org_id: owner.orgId, user_id: owner.userId, prompt, stream: true },
      });
      return { status: answer.status, parsed: parseStreamBody(answer.text) };
    },
    async close() {
      await server.close();
      await provider.close();
      await ownDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

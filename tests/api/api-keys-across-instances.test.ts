import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { startServer, type RunningServer } from '../../src/server/server';
import { randomAddress, strongPassword, uniqueName } from './support/client';
import { clientOf } from './support/fuzz-fixtures';
import { ownServerConfig } from './support/own-server';

/**
 * Two instances on one PostgreSQL server (docs/decisions/018, 049): a key revoked, or API access
 * switched off, on one instance is refused by the very next request on the other, which has just
 * accepted the key. Only on PostgreSQL: the embedded database belongs to one process.
 */
describe('API key revocation reaches every instance at once', () => {
  let provider: FakeProviderServer;
  let dataDir: string;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    provider = await startFakeProviderServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-key-instances-'));
    for (let index = 0; index < 2; index += 1) {
      servers.push(
        await startServer(
          ownServerConfig(dataDir, {
            OPENAI_API_KEY: 'sk-test-dummy',
            OPENAI_BASE_URL: `${provider.url}/v1`,
            SECRET_KEY: 'a-shared-secret-key-for-two-instances-0123456789',
          }),
          { webRoot: null },
        ),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a key revoked on one instance is refused by the next request on the other', { timeout: 60_000 }, async () => {
    const [adminSide] = servers.map((server) => clientOf(server.url));
    const name = uniqueName('key-instances');
    const signup = await adminSide!('POST', '/auth/signup', {
      body: { username: name, email: `${name}@example.test`, password: strongPassword, org_name: 'Key instances' },
    });
    expect(signup.status).toBe(201);
    const token: string = signup.body.token;
    const orgId: string = signup.body.user.org_id;
    const programOn = (secret: string) =>
      new OpenAI({
        apiKey: secret,
        baseURL: `${servers[1]!.url}/v1`,
        maxRetries: 0,
        timeout: 30_000,
        defaultHeaders: { 'x-forwarded-for': randomAddress() },
      });

    const first = await adminSide!('POST', '/api-keys', { token, body: { name: 'Revoked elsewhere' } });
    expect(first.status).toBe(201);
    const program = programOn(first.body.secret);
    expect((await program.models.list()).data.length).toBeGreaterThan(0);
    const revoked = await adminSide!('DELETE', `/api-keys/${first.body.key.id}`, { token });
    expect(revoked.status).toBe(200);
    const refusal = await program.models.list().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((refusal as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
    expect((refusal as InstanceType<typeof OpenAI.AuthenticationError>).error).toMatchObject({
      message: apiKeyMessages.revokedKey,
    });

    const second = await adminSide!('POST', '/api-keys', { token, body: { name: 'Switched off elsewhere' } });
    const other = programOn(second.body.secret);
    expect((await other.models.list()).data.length).toBeGreaterThan(0);
    const off = await adminSide!('PUT', `/org/${orgId}/settings`, { token, body: { api_access: { enabled: false } } });
    expect(off.status).toBe(200);
    const switchedOff = await other.models.list().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(switchedOff).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });
});

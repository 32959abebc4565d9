import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts';
import { startFakeProviderServer, type FakeProviderServer } from '../../src/gateway/testing/fake-provider-server';
import { createSecretBox } from '../../src/server/auth/secret-box';
import { organisationProviderKeys } from '../../src/server/db/schema';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';
import { ownServerConfig } from './support/own-server';

// A server as deployed by default: no ORG_PROVIDER_URLS_ALLOWED_NETWORKS, so organisations'
// base URLs must lead to public addresses. Its instance-wide OpenAI URL is on loopback all the same.
describe('organisation base URLs on a server that allows no private network', () => {
  const secretKey = 'k'.repeat(40);
  let server: RunningServer;
  let instanceProvider: FakeProviderServer;
  let organisationProvider: FakeProviderServer;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    [instanceProvider, organisationProvider] = await Promise.all([
      startFakeProviderServer(),
      startFakeProviderServer(),
    ]);
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-addresses-'));
    const config = ownServerConfig(dataDir, {
      SECRET_KEY: secretKey,
      OPENAI_API_KEY: 'sk-instance-key',
      OPENAI_BASE_URL: `${instanceProvider.url}/v1`,
    });
    const logSink = new Writable({ write: (chunk, _encoding, done) => done(void logLines.push(String(chunk))) });
    server = await startServer(config, {
      pgliteDataDir: 'memory://',
      webRoot: null,
      logger: pino({ level: 'info' }, logSink),
    });
    admin = await signUp();
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([instanceProvider?.close(), organisationProvider?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  async function call(pathname: string, token: string, method = 'GET', body?: unknown) {
    const response = await fetch(`${server.url}/api${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  }

  async function signUp() {
    const username = uniqueName('urls');
    const answer = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: 'Addresses',
      }),
    });
    return (await answer.json()) as { token: string; user: { id: string; org_id: string } };
  }

  let admin: Awaited<ReturnType<typeof signUp>>;
  const keysPath = () => `/org/${admin.user.org_id}/provider-keys`;

  it('keeps a public base URL', async () => {
    const saved = await call(`${keysPath()}/openai-compatible`, admin.token, 'PUT', { base_url: 'https://8.8.8.8/v1' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'openai-compatible', base_url: 'https://8.8.8.8/v1' });
  });

  it.each([
    ['http://127.0.0.1:11434/v1', '127.0.0.1', 'a loopback address'],
    ['http://localhost:11434/v1', '127.0.0.1', 'a loopback address'],
    ['http://ollama.localhost/v1', '127.0.0.1', 'a loopback address'],
    ['http://[::1]:11434/v1', '::1', 'a loopback address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'a link-local address'],
    ['http://[fe80::1]/v1', 'fe80::1', 'a link-local address'],
    ['http://10.0.0.5/v1', '10.0.0.5', 'a private network address'],
    ['http://172.20.0.2:8000/v1', '172.20.0.2', 'a private network address'],
    ['http://192.168.1.10:8000/v1', '192.168.1.10', 'a private network address'],
    ['http://[fd00::5]/v1', 'fd00::5', 'a private network address'],
    ['http://100.64.0.1/v1', '100.64.0.1', 'a carrier-grade NAT address'],
    ['http://0.0.0.0:3000/v1', '0.0.0.0', 'an unspecified address'],
    ['http://[::ffff:127.0.0.1]/v1', '::ffff:7f00:1', 'a loopback address'],
    ['http://[::ffff:a9fe:a9fe]/v1', '::ffff:a9fe:a9fe', 'a link-local address'],
    ['http://2130706433/v1', '127.0.0.1', 'a loopback address'],
    ['http://0x7f.1/v1', '127.0.0.1', 'a loopback address'],
    ['http://017700000001/v1', '127.0.0.1', 'a loopback address'],
    ['http://127.1/v1', '127.0.0.1', 'a loopback address'],
    ['http://2852039166/latest/meta-data/', '169.254.169.254', 'a link-local address'],
  ])('refuses %s with 400 and keeps the saved key', async (baseUrl, address, kind) => {
    const message = `Base URL must lead to a public address; it leads to ${address}, ${kind}`;
    const compatible = await call(`${keysPath()}/openai-compatible`, admin.token, 'PUT', { base_url: baseUrl });
    expect(compatible).toEqual({
      status: 400,
      body: { code: 'validation_failed', message, detail: message, fields: { base_url: message } },
    });
    const openai = await call(`${keysPath()}/openai`, admin.token, 'PUT', {
      api_key: 'sk-organisation-1234',
      base_url: baseUrl,
    });
    expect(openai.status).toBe(400);
    expect(openai.body.fields).toEqual({ base_url: message });
    const listed = await call(keysPath(), admin.token);
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ provider: 'openai-compatible', base_url: 'https://8.8.8.8/v1' }),
    ]);
  });

  it('refuses a host name that does not resolve', async () => {
    const refused = await call(`${keysPath()}/anthropic`, admin.token, 'PUT', {
      api_key: 'sk-ant-organisation',
      base_url: 'https://nowhere.invalid/v1',
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', fields: { base_url: messages.providerUrlUnresolvable } },
    });
  });

  it('refuses at connection time a base URL that leads to loopback now, sending nothing, while the instance URL stays reachable', async () => {
    const organisation = await signUp();
    // As a key saved before this check existed, or a name that resolved publicly when saved and to loopback now.
    await server.database.db.insert(organisationProviderKeys).values({
      orgId: organisation.user.org_id,
      provider: 'google',
      apiKeyEncrypted: createSecretBox(secretKey, 'provider-keys').seal('AIza-organisation-secret-4321'),
      keyHint: '…4321',
      baseUrl: `${organisationProvider.url}/v1beta`,
    });
    const ask = (modelId: string) =>
      call('/conversation/message', organisation.token, 'POST', {
        org_id: organisation.user.org_id,
        user_id: organisation.user.id,
        prompt: 'Hello',
        forced_model_id: modelId,
        stream: true,
      });

    const refused = await ask('google/gemini-2.0-flash');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'upstream_failed', message: messages.providerAddressRefused });
    expect(organisationProvider.requests).toHaveLength(0);
    const logged = logLines.join('');
    expect(logged).toContain('request failed');
    expect(logged).not.toContain('AIza-organisation-secret-4321');

    const answered = await ask('openai/gpt-4o-mini');
    expect(answered.status).toBe(200);
    expect(instanceProvider.requests).toHaveLength(1);
  });
});

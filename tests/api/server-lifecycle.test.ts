import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config/config';
import { startServer, type RunningServer } from '../../src/server/server';
import { strongPassword, uniqueName } from './support/client';

const projectRoot = path.resolve(import.meta.dirname, '../..');

describe('a server with the web app', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-life-'));
    const webRoot = path.join(dataDir, 'web');
    await mkdir(path.join(webRoot, 'assets'), { recursive: true });
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Tokenwise test page</title>');
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, { pgliteDataDir: 'memory://', webRoot });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the web app with a strict CSP and hands unknown pages to its router', async () => {
    for (const page of ['/', '/login', '/admin/users/42']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Tokenwise test page');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // A rebuild while the server runs is served at once.
    await writeFile(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>Rebuilt page</title>');
    expect(await (await fetch(`${server.url}/chat`)).text()).toContain('Rebuilt page');
    const unknownApi = await fetch(`${server.url}/api/not-a-thing`);
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toContain('application/json');
  });

  it('finishes a request that is in flight when shutdown begins, then stops answering', async () => {
    const username = uniqueName('shutdown');
    const inFlight = fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.test`,
        password: strongPassword,
        org_name: 'Closing Ltd',
      }),
    });
    // A request opened after it has been answered: the server has accepted the sign-up's connection
    // (accepted in order) and is hashing its password (tens of milliseconds), whatever the machine's load.
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
    const closing = server.close();
    const response = await inFlight;
    expect(response.status).toBe(201);
    await closing;
    await expect(fetch(`${server.url}/api/healthz`)).rejects.toThrow();
  });
});

describe('starting the process', () => {
  it('refuses a bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: path.join(tmpdir(), 'never-used') },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exitCode = await new Promise((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(1);
    expect(stderr).toContain('PORT');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/server';
import { randomAddress, strongPassword, uniqueName } from './support/client';
import { addressClientOf, type AddressClient } from './support/address-client';
import { ownServerConfig } from './support/own-server';

/**
 * Two instances on one PostgreSQL server (docs/decisions/035, 036): failed logins counted on one
 * hold an address back on the other, and a refresh token rotated on one is tolerated on the other
 * within the grace. Only on PostgreSQL: the embedded database belongs to one process.
 */
describe('sign-in protections hold across instances', () => {
  let dataDir: string;
  const servers: RunningServer[] = [];
  let first: AddressClient;
  let second: AddressClient;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-auth-instances-'));
    for (let index = 0; index < 2; index += 1) {
      servers.push(
        await startServer(
          ownServerConfig(dataDir, {
            TRUST_PROXY: 'true',
            SECRET_KEY: 'a-shared-secret-key-for-two-instances-0123456789',
          }),
          { webRoot: null },
        ),
      );
    }
    [first, second] = servers.map((server) => addressClientOf(server.url)) as [AddressClient, AddressClient];
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signUp(): Promise<{ username: string; refreshToken: string }> {
    const username = uniqueName('instances');
    const answer = await first('/auth/signup', {
      body: { username, email: `${username}@example.test`, password: strongPassword, org_name: `Org ${username}` },
    });
    expect(answer.status).toBe(201);
    return { username, refreshToken: answer.body.refresh_token };
  }

  it('failures counted on one instance hold the address back on the other', async () => {
    const { username } = await signUp();
    const attacker = randomAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const on = attempt % 2 === 0 ? first : second;
      expect((await on('/auth/login', { address: attacker, body: { username, password: 'Wrong-1' } })).status).toBe(
        401,
      );
    }
    const held = await second('/auth/login', { address: attacker, body: { username, password: strongPassword } });
    expect(held.status).toBe(429);
    expect(
      (await second('/auth/login', { address: randomAddress(), body: { username, password: strongPassword } })).status,
    ).toBe(200);
  });

  it('a refresh token rotated on one instance gives the same pair on the other within the grace', async () => {
    const { refreshToken } = await signUp();
    const address = randomAddress();
    const rotated = await first('/auth/refresh', { address, body: { refresh_token: refreshToken } });
    expect(rotated.status).toBe(200);
    const again = await second('/auth/refresh', { address, body: { refresh_token: refreshToken } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(rotated.body);
    expect((await second('/user/profile', { token: rotated.body.token })).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { api, randomAddress, signUpOrganisation, uniqueName } from './support/client';

/**
 * The login throttle with the suite server's defaults (docs/decisions/035): 5 failures per
 * (username, address), 30 per address, 10 per username before addresses that failed on it are held
 * back, 50 before only addresses the person signed in from are checked; a 15-minute window.
 */
const wrongPassword = 'Wrong-password-1';
const login = (address: string, username: string, password: string) =>
  api('/auth/login', { address, body: { username, password } });

function expectThrottled(answer: Awaited<ReturnType<typeof api>>) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({
    code: 'too_many_requests',
    message: 'Too many login attempts. Please try again later',
  });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login throttle', () => {
  it('holds back an address after 5 failures on a username, even with the right password, and says when to retry', async () => {
    const { username, password } = await signUpOrganisation();
    const attacker = randomAddress();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(attacker, username, wrongPassword)).status).toBe(401);
    expectThrottled(await login(attacker, username, password));
  });

  it('an attacker at one address cannot keep the owner out from another', async () => {
    const { username, password } = await signUpOrganisation();
    const attacker = randomAddress();
    for (let attempt = 0; attempt < 12; attempt += 1) await login(attacker, username, wrongPassword);
    expect((await login(randomAddress(), username, password)).status).toBe(200);
    // The owner's success forgives nothing of the attacker's.
    expectThrottled(await login(attacker, username, password));
  });

  it('guessing from many addresses is held back per address that failed, while the owner still gets in', async () => {
    const { username, password } = await signUpOrganisation();
    const bots = Array.from({ length: 12 }, () => randomAddress());
    for (const bot of bots) expect((await login(bot, username, wrongPassword)).status).toBe(401);
    // Past 10 failures on the username, an address that failed on it waits out the window, right password or not.
    for (const bot of bots.slice(0, 3)) expectThrottled(await login(bot, username, password));
    // An address that has not failed still has its password checked: a new bot once, the owner always.
    expect((await login(randomAddress(), username, wrongPassword)).status).toBe(401);
    expect((await login(randomAddress(), username, password)).status).toBe(200);
  });

  it('past 50 failures on a username only addresses its owner signed in from are checked, known username or not', async () => {
    const { username, password } = await signUpOrganisation();
    const home = randomAddress();
    expect((await login(home, username, password)).status).toBe(200);
    const unknownUsername = uniqueName('nobody');
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await login(randomAddress(), username, wrongPassword)).status).toBe(401);
      expect((await login(randomAddress(), unknownUsername, wrongPassword)).status).toBe(401);
    }
    expectThrottled(await login(randomAddress(), username, password));
    expectThrottled(await login(randomAddress(), unknownUsername, wrongPassword));
    expect((await login(home, username, password)).status).toBe(200);
  });

  it('an unknown username is throttled exactly like a known one', async () => {
    const { username } = await signUpOrganisation();
    const unknownUsername = uniqueName('nobody');
    const statuses = async (name: string) => {
      const address = randomAddress();
      const seen: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) seen.push((await login(address, name, wrongPassword)).status);
      return seen;
    };
    expect(await statuses(unknownUsername)).toEqual(await statuses(username));
    expect(await statuses(username)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('checks at most 5 passwords when one address sends 20 at once', async () => {
    const { username } = await signUpOrganisation();
    const attacker = randomAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(attacker, username, wrongPassword)));
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(5);
    for (const answer of answers.filter((candidate) => candidate.status !== 401)) expectThrottled(answer);
  });

  it("a success forgives the owner's failures at that address, not an address's spray", async () => {
    const { username, password } = await signUpOrganisation();
    const address = randomAddress();
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1)
        expect((await login(address, username, wrongPassword)).status).toBe(401);
      expect((await login(address, username, password)).status).toBe(200);
    }
    // The owner's forgiven failures no longer count; 30 on other usernames spend the address, owner included.
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect((await login(address, uniqueName('spray'), wrongPassword)).status).toBe(401);
    expectThrottled(await login(address, username, password));
    expect((await login(randomAddress(), username, password)).status).toBe(200);
  });
});

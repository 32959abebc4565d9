import { describe, expect, it } from 'vitest';
import { api, randomAddress, signUpOrganisation, uniqueName } from './support/client';

describe('POST /auth/login', () => {
  it('signs in with the right password and answers like signup', async () => {
    const { username, password, auth } = await signUpOrganisation();
    const answer = await api('/auth/login', { body: { username, password } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual(auth.user);
    expect(answer.body.token).not.toBe(auth.token);
  });

  it('accepts the username in any case', async () => {
    const { username, password } = await signUpOrganisation();
    expect((await api('/auth/login', { body: { username: username.toUpperCase(), password } })).status).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const { username } = await signUpOrganisation();
    const wrongPassword = await api('/auth/login', { body: { username, password: 'Wrong-password-1' } });
    const unknownUser = await api('/auth/login', { body: { username: uniqueName(), password: 'Wrong-password-1' } });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized', message: 'Invalid username or password' });
    }
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'someone' }, 'Password is required'],
    [{ username: '   ', password: 'x' }, 'Username is required'],
  ])('validates %j', async (body, message) => {
    const answer = await api('/auth/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('throttles a client address that tries many usernames, and only that address', async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await api('/auth/login', { address, body: { username: uniqueName('spray'), password: 'Wrong-password-1' } });
    }
    const { username, password } = await signUpOrganisation();
    expect((await api('/auth/login', { address, body: { username, password } })).status).toBe(429);
    expect((await api('/auth/login', { address: randomAddress(), body: { username, password } })).status).toBe(200);
  });
});

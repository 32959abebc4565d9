import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation, strongPassword, uniqueName } from './support/client';

const profileOf = async (token: string) => (await api('/user/profile', { token })).body.user;

describe('PUT /user/profile', () => {
  it("saves the caller's own details, takes the current e-mail address along, and the new username signs in", async () => {
    const { auth, email } = await signUpOrganisation();
    const username = uniqueName('renamed');
    const saved = await api('/user/profile', {
      method: 'PUT',
      token: auth.token,
      body: { username, first_name: ' Ada ', last_name: 'Lovelace', phone: '+44 20 7946 0000', email },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0000',
      email,
    });
    expect(await profileOf(auth.token)).toMatchObject({ username, first_name: 'Ada', email });
    expect((await api('/auth/login', { body: { username, password: strongPassword } })).status).toBe(200);

    // Empty details clear them.
    const cleared = await api('/user/profile', {
      method: 'PUT',
      token: auth.token,
      body: { username, first_name: '', phone: '' },
    });
    expect(cleared.body.user).toMatchObject({ first_name: null, last_name: null, phone: null });
  });

  it('refuses a username someone else has (in any organisation), but allows changing the case of ones own', async () => {
    const first = await signUpOrganisation();
    const other = await signUpOrganisation();
    const taken = await api('/user/profile', {
      method: 'PUT',
      token: first.auth.token,
      body: { username: other.auth.user.username.toUpperCase() },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('Username already exists');
    expect((await profileOf(first.auth.token)).username).toBe(first.auth.user.username);
    expect((await profileOf(other.auth.token)).username).toBe(other.auth.user.username);

    const recased = await api('/user/profile', {
      method: 'PUT',
      token: first.auth.token,
      body: { username: first.auth.user.username.toUpperCase() },
    });
    expect(recased.status).toBe(200);
    expect(recased.body.user.username).toBe(first.auth.user.username.toUpperCase());
  });

  it('validates with clear messages and changes nothing on a refusal', async () => {
    const { auth } = await signUpOrganisation();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, 'Username is required'],
      [{ username: 'has spaces' }, 'Username may contain letters, digits, dots, dashes and underscores.'],
      [{ username: auth.user.username, phone: 'call me' }, 'Please enter a valid phone number.'],
      [{ username: auth.user.username, first_name: 'x'.repeat(101) }, 'First name must be at most 100 characters.'],
    ];
    for (const [body, message] of cases) {
      const refused = await api('/user/profile', {
        method: 'PUT',
        token: auth.token,
        body: { first_name: 'Changed', ...body },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await profileOf(auth.token)).first_name).toBeNull();
    expect((await api('/user/profile', { method: 'PUT', body: { username: 'nobody' } })).status).toBe(401);
  });
});

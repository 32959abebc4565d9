import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation, strongPassword, uniqueName } from './support/client';
import { latestEmailTo } from './support/outbox';

describe('POST /auth/signup', () => {
  it('creates the organisation and its admin, signs them in, and sends a verification e-mail', async () => {
    const { auth, username, email } = await signUpOrganisation({ org_name: 'Acme Research' });
    expect(auth.token).toMatch(/^ey/);
    expect(auth.refresh_token.length).toBeGreaterThan(30);
    expect(new Date(auth.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(auth.user).toMatchObject({
      username,
      email,
      role: 'admin',
      org_name: 'Acme Research',
      email_verified: false,
      email_verification_sent: true,
    });
    expect(auth.user.orgId).toBe(auth.user.org_id);

    const profile = await api('/user/profile', { token: auth.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toEqual(auth.user);

    const role = await api(`/roles/${auth.user.role_id}`, { token: auth.token });
    expect(role.body).toMatchObject({ name: 'Admin', org_id: auth.user.org_id });

    const mail = await latestEmailTo(email, 'Verify');
    expect(mail?.link).toContain('/verify-email?token=');
  });

  it.each([
    [{}, 'username', 'Username is required'],
    [{ username: 'a', email: 'a@b.io', password: strongPassword }, 'org_name', 'Organization name is required'],
    [{ username: 'a', org_name: 'o', password: strongPassword }, 'email', 'Email is required'],
    [{ username: 'a', org_name: 'o', email: 'a@b.io' }, 'password', 'Password is required'],
    [
      { username: 'a', org_name: 'o', email: 'not-an-email', password: strongPassword },
      'email',
      'Please enter a valid email address.',
    ],
    [
      { username: 'a', org_name: 'o', email: 'a@b.io', password: 'abcdefgh' },
      'password',
      'Please use a stronger password (at least 8 characters with letters and numbers).',
    ],
    [
      { username: 'a', org_name: 'o', email: 'a@b.io', password: 'Ab1!' },
      'password',
      'Please use a stronger password (at least 8 characters with letters and numbers).',
    ],
  ])('rejects %j with the spec message for %s', async (body, field, message) => {
    const answer = await api('/auth/signup', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.fields[field]).toBe(message);
  });

  it('refuses a taken username or e-mail (in any case) with the spec messages', async () => {
    const first = await signUpOrganisation();
    const byUsername = await api('/auth/signup', {
      body: {
        username: first.username.toUpperCase(),
        email: `${uniqueName()}@example.test`,
        password: strongPassword,
        org_name: 'Other',
      },
    });
    expect(byUsername.status).toBe(400);
    expect(byUsername.body.detail).toBe('Username already exists');
    const byEmail = await api('/auth/signup', {
      body: { username: uniqueName(), email: first.email.toUpperCase(), password: strongPassword, org_name: 'Other' },
    });
    expect(byEmail.status).toBe(400);
    expect(byEmail.body.detail).toBe('Email already in use');
  });

  it('lets exactly one of two simultaneous signups with the same username win', async () => {
    const username = uniqueName();
    const attempts = await Promise.all(
      [1, 2].map((index) =>
        api('/auth/signup', {
          body: {
            username,
            email: `${username}-${index}@example.test`,
            password: strongPassword,
            org_name: `Org ${index}`,
          },
        }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 400]);
    expect(attempts.find((attempt) => attempt.status === 400)?.body.detail).toBe('Username already exists');
  });
});

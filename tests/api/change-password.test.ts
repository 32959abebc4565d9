import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';

describe('POST /auth/change-password', () => {
  it('changes the password, keeps this sign-in and ends the others', async () => {
    const { auth, username, password } = await signUpOrganisation();
    const elsewhere = await api('/auth/login', { body: { username, password } });
    const changed = await api('/auth/change-password', {
      token: auth.token,
      body: { user_id: auth.user.id, current_password: password, new_password: 'Changed-pass-4' },
    });
    expect(changed.body).toEqual({ success: true });
    expect((await api('/user/profile', { token: auth.token })).status).toBe(200);
    expect((await api('/user/profile', { token: elsewhere.body.token })).status).toBe(401);
    expect((await api('/auth/login', { body: { username, password: 'Changed-pass-4' } })).status).toBe(200);
  });

  it('refuses a wrong current password without signing the user out', async () => {
    const { auth } = await signUpOrganisation();
    const answer = await api('/auth/change-password', {
      token: auth.token,
      body: { user_id: auth.user.id, current_password: 'Not-the-password-1', new_password: 'Changed-pass-4' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Current password is incorrect');
  });

  const someone = '00000000-0000-4000-8000-000000000000';
  it.each([
    [{ current_password: 'x', new_password: 'Long-enough-1' }, 'User ID is required'],
    [{ user_id: 'me', current_password: 'x', new_password: 'Long-enough-1' }, 'User ID must be a UUID.'],
    [{ user_id: someone, new_password: 'Long-enough-1' }, 'Current password is required'],
    [{ user_id: someone, current_password: 'x' }, 'New password is required'],
    [
      { user_id: someone, current_password: 'x', new_password: 'short' },
      'Password must be at least 8 characters long.',
    ],
  ])('validates %j', async (body, message) => {
    const { auth } = await signUpOrganisation();
    const answer = await api('/auth/change-password', { token: auth.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('requires a signed-in caller', async () => {
    expect((await api('/auth/change-password', { body: {} })).status).toBe(401);
  });
});

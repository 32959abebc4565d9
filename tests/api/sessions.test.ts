import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';

describe('tokens and sign-ins', () => {
  it('rotates the refresh token on every refresh', async () => {
    const { auth } = await signUpOrganisation();
    const first = await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(auth.refresh_token);
    expect(Object.keys(first.body).sort()).toEqual(['expires_at', 'refresh_token', 'token']);
    const second = await api('/auth/refresh', { body: { refresh_token: first.body.refresh_token } });
    expect(second.status).toBe(200);
    expect((await api('/user/profile', { token: second.body.token })).status).toBe(200);
  });

  it('revokes the whole sign-in when a used refresh token comes back', async () => {
    const { auth } = await signUpOrganisation();
    const rotated = await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } });
    const replay = await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } });
    expect(replay.status).toBe(401);
    // The legitimate holder's newer tokens die with it.
    expect((await api('/auth/refresh', { body: { refresh_token: rotated.body.refresh_token } })).status).toBe(401);
    expect((await api('/user/profile', { token: rotated.body.token })).status).toBe(401);
  });

  it('keeps other sign-ins of the same user alive when one is revoked', async () => {
    const { auth, username, password } = await signUpOrganisation();
    const other = await api('/auth/login', { body: { username, password } });
    await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } });
    await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } });
    expect((await api('/user/profile', { token: other.body.token })).status).toBe(200);
  });

  it('rejects unknown and missing refresh tokens', async () => {
    expect((await api('/auth/refresh', { body: { refresh_token: 'not-a-token' } })).status).toBe(401);
    const missing = await api('/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('No refresh token available');
  });

  it('logout revokes the access token and the refresh token', async () => {
    const { auth } = await signUpOrganisation();
    expect((await api('/auth/logout', { method: 'POST', token: auth.token })).body).toEqual({ success: true });
    expect((await api('/user/profile', { token: auth.token })).status).toBe(401);
    expect((await api('/auth/refresh', { body: { refresh_token: auth.refresh_token } })).status).toBe(401);
  });

  it('validate-token tells valid from invalid', async () => {
    const { auth } = await signUpOrganisation();
    const valid = await api('/auth/validate-token', { body: { token: auth.token } });
    expect(valid.body).toMatchObject({ valid: true, expires_at: auth.expires_at });
    const tampered = `${auth.token.slice(0, -4)}AAAA`;
    expect((await api('/auth/validate-token', { body: { token: tampered } })).body).toEqual({ valid: false });
    const missing = await api('/auth/validate-token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Token is required');
  });

  it('refuses protected calls without a token or with a forged one', async () => {
    const missing = await api('/user/profile');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('No authentication token found');
    expect((await api('/user/profile', { token: 'eyJhbGciOiJub25lIn0.e30.' })).status).toBe(401);
  });
});

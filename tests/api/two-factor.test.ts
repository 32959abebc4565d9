import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';

/** The code an authenticator app shows now, or `offsetSeconds` from now. */
async function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

describe('two-factor authentication', () => {
  it('sets up, enables, demands the code at login, refuses a replayed code, and disables', async () => {
    const { auth, username, password } = await signUpOrganisation();
    const setup = await api('/auth/2fa/setup', { token: auth.token });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const { secret } = setup.body;

    const wrong = await api('/auth/2fa/enable', { token: auth.token, body: { secret, token: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid two-factor authentication code');
    const enabled = await api('/auth/2fa/enable', {
      token: auth.token,
      body: { secret, token: await codeAt(secret, -30) },
    });
    expect(enabled.body).toEqual({ success: true, recovery_codes: expect.any(Array) });
    expect((await api('/user/profile', { token: auth.token })).body.user.two_factor_enabled).toBe(true);

    const withoutCode = await api('/auth/login', { body: { username, password } });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.code).toBe('two_factor_required');
    const current = await codeAt(secret);
    const notCurrent = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    const badCode = await api('/auth/login', { body: { username, password, totp_code: notCurrent } });
    expect(badCode.status).toBe(401);
    expect(badCode.body.message).toBe('Invalid two-factor authentication code');

    const code = await codeAt(secret);
    const withCode = await api('/auth/login', { body: { username, password, totp_code: code } });
    expect(withCode.status).toBe(200);
    const replay = await api('/auth/login', { body: { username, password, totp_code: code } });
    expect(replay.status).toBe(401);

    const disableWithWrong = await api('/auth/2fa/disable', { token: withCode.body.token, body: { token: '000000' } });
    expect(disableWithWrong.status).toBe(400);
    const disabled = await api('/auth/2fa/disable', {
      token: withCode.body.token,
      body: { token: await codeAt(secret, 30) },
    });
    expect(disabled.body).toEqual({ success: true });
    expect((await api('/auth/login', { body: { username, password } })).status).toBe(200);
  });

  it('only enables the secret the server issued', async () => {
    const { auth } = await signUpOrganisation();
    await api('/auth/2fa/setup', { token: auth.token });
    const foreignSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const answer = await api('/auth/2fa/enable', {
      token: auth.token,
      body: { secret: foreignSecret, token: await codeAt(foreignSecret) },
    });
    expect(answer.status).toBe(400);
  });

  it('validates payloads and requires a signed-in caller', async () => {
    const { auth } = await signUpOrganisation();
    expect((await api('/auth/2fa/enable', { token: auth.token, body: { token: '123456' } })).body.message).toBe(
      'Secret is required',
    );
    expect((await api('/auth/2fa/enable', { token: auth.token, body: { secret: 'x' } })).body.message).toBe(
      'Token is required',
    );
    expect((await api('/auth/2fa/disable', { token: auth.token, body: {} })).body.message).toBe('Token is required');
    expect((await api('/auth/2fa/setup')).status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { api, randomAddress, signUpOrganisation, uniqueName } from './support/client';
import { waitForEmailTo } from './support/outbox';

describe('password reset', () => {
  it('resets through the e-mailed link once, and ends existing sign-ins', async () => {
    const { username, email, password, auth } = await signUpOrganisation();
    const request = await api('/auth/password-reset/request', { body: { email } });
    expect(request.body.success).toBe(true);
    const mail = await waitForEmailTo(email, 'Reset');
    expect(mail?.link).toContain('/reset-password?token=');

    const confirm = await api('/auth/password-reset/confirm', {
      body: { token: mail!.token, new_password: 'Brand-new-pass-2' },
    });
    expect(confirm.body).toEqual({ success: true });
    expect((await api('/auth/login', { body: { username, password } })).status).toBe(401);
    expect((await api('/auth/login', { body: { username, password: 'Brand-new-pass-2' } })).status).toBe(200);
    expect((await api('/user/profile', { token: auth.token })).status).toBe(401);

    const again = await api('/auth/password-reset/confirm', {
      body: { token: mail!.token, new_password: 'Another-pass-3' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Failed to reset your password. The token may be expired or invalid.');
  });

  // That nothing is sent to an unknown address, and at most 3 an hour to a known one, is checked
  // in password-reset-delivery.test.ts, whose server can be stopped to wait for every e-mail.
  it('answers an unknown address exactly as a known one', async () => {
    const { email } = await signUpOrganisation();
    const known = await api('/auth/password-reset/request', { body: { email } });
    const unknown = await api('/auth/password-reset/request', { body: { email: `${uniqueName()}@example.test` } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      success: true,
      message: 'If an account exists for that email, a reset link has been sent.',
    });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
  });

  it('only the newest reset link works', async () => {
    const { email } = await signUpOrganisation();
    await api('/auth/password-reset/request', { body: { email } });
    const older = await waitForEmailTo(email, 'Reset');
    await api('/auth/password-reset/request', { body: { email } });
    const newer = await waitForEmailTo(email, 'Reset', older.token);
    expect(newer!.token).not.toBe(older!.token);
    expect(
      (await api('/auth/password-reset/confirm', { body: { token: older!.token, new_password: 'Brand-new-pass-2' } }))
        .status,
    ).toBe(400);
    expect(
      (await api('/auth/password-reset/confirm', { body: { token: newer!.token, new_password: 'Brand-new-pass-2' } }))
        .status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After past 20 requests an hour from one client address, the same for any e-mail', async () => {
    const { email: known } = await signUpOrganisation();
    const address = randomAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await api('/auth/password-reset/request', {
        address,
        body: { email: `${uniqueName()}@example.test` },
      });
      expect(answer.status).toBe(200);
    }
    const forUnknown = await api('/auth/password-reset/request', {
      address,
      body: { email: `${uniqueName()}@example.test` },
    });
    const forKnown = await api('/auth/password-reset/request', { address, body: { email: known } });
    for (const answer of [forUnknown, forKnown]) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe('Too many password reset requests from this address. Please try again later');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    }
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(
      (await api('/auth/password-reset/request', { address: randomAddress(), body: { email: known } })).status,
    ).toBe(200);
  });

  it.each([
    ['/auth/password-reset/request', {}, 'Email is required'],
    ['/auth/password-reset/confirm', { new_password: 'Long-enough-1' }, 'Token is required'],
    ['/auth/password-reset/confirm', { token: 'x' }, 'New password is required'],
    [
      '/auth/password-reset/confirm',
      { token: 'x', new_password: 'short' },
      'Password must be at least 8 characters long.',
    ],
  ])('%s validates %j', async (path, body, message) => {
    const answer = await api(path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

import { describe, expect, it } from 'vitest';
import { api, signUpOrganisation } from './support/client';
import { inviteMember } from './support/invite';
import { countEmailsTo, latestEmailTo, waitForEmailTo } from './support/outbox';

describe('verify e-mail, then activate', () => {
  it('verifies a signed-up user, once', async () => {
    const { email, auth } = await signUpOrganisation();
    const mail = await latestEmailTo(email, 'Verify');
    const verified = await api('/auth/verify-email', { body: { token: mail!.token } });
    expect(verified.body).toEqual({ success: true, activation_email_sent: false });
    expect((await api('/user/profile', { token: auth.token })).body.user.email_verified).toBe(true);
    const again = await api('/auth/verify-email', { body: { token: mail!.token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Failed to verify your email. The token may have expired or is invalid.');
  });

  it('sends a signed-in person a new verification link on asking, at most three an hour, and none once verified', async () => {
    const { email, auth } = await signUpOrganisation();
    const first = await latestEmailTo(email, 'Verify');
    expect((await api('/auth/verify-email/resend', { body: {} })).status).toBe(401);

    const resent = await api('/auth/verify-email/resend', { token: auth.token, body: {} });
    expect(resent).toMatchObject({ status: 200, body: { success: true, email } });
    const second = await waitForEmailTo(email, 'Verify', first!.token);
    expect(second.token).not.toBe(first!.token);
    expect((await api('/auth/verify-email/resend', { token: auth.token, body: {} })).status).toBe(200);
    expect((await api('/auth/verify-email/resend', { token: auth.token, body: {} })).status).toBe(200);
    const flooding = await api('/auth/verify-email/resend', { token: auth.token, body: {} });
    expect(flooding.status).toBe(429);
    expect(flooding.body.message).toBe('Too many verification emails for this address. Please try again later');

    // Each new link replaces the one before: only the latest verifies.
    const latest = await latestEmailTo(email, 'Verify');
    expect((await api('/auth/verify-email', { body: { token: latest!.token } })).body).toEqual({
      success: true,
      activation_email_sent: false,
    });
    const before = await countEmailsTo(email);
    const verifiedAlready = await api('/auth/verify-email/resend', { token: auth.token, body: {} });
    expect(verifiedAlready.status).toBe(409);
    expect(verifiedAlready.body.message).toBe('Your email address is already verified.');
    expect(await countEmailsTo(email)).toBe(before);
  });

  it('takes an invited person through verification and activation with GDPR consent', async () => {
    const admin = await signUpOrganisation();
    const { email, username } = await inviteMember(admin.auth.token, admin.auth.user.org_id);
    const loginBefore = await api('/auth/login', { body: { username, password: 'Whatever-123' } });
    expect(loginBefore.status).toBe(401);

    const verification = await latestEmailTo(email, 'Verify');
    const verified = await api('/auth/verify-email', { body: { token: verification!.token } });
    expect(verified.body).toEqual({ success: true, activation_email_sent: true });

    const activation = await latestEmailTo(email, 'Activate');
    expect(activation?.link).toContain('/activate?token=');
    const noConsent = await api('/auth/activate', {
      body: { token: activation!.token, password: 'Member-pass-1', gdpr_consent: false },
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe('You must agree to the Privacy Policy and Terms of Service.');
    const shortPassword = await api('/auth/activate', {
      body: { token: activation!.token, password: 'short', gdpr_consent: true },
    });
    expect(shortPassword.body.message).toBe('Password must be at least 8 characters long.');

    const activated = await api('/auth/activate', {
      body: { token: activation!.token, password: 'Member-pass-1', gdpr_consent: true },
    });
    expect(activated.body).toEqual({ success: true });
    const login = await api('/auth/login', { body: { username, password: 'Member-pass-1' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      email,
      role: 'member',
      email_verified: true,
      org_id: admin.auth.user.org_id,
    });

    const reuse = await api('/auth/activate', {
      body: { token: activation!.token, password: 'Member-pass-2', gdpr_consent: true },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Failed to activate your account. The token may be expired or invalid.');
  });

  it('validates the activation payload with the spec messages', async () => {
    const missingToken = await api('/auth/activate', { body: { password: 'Member-pass-1', gdpr_consent: true } });
    expect(missingToken.body.message).toBe('Token is required');
    const missingPassword = await api('/auth/activate', { body: { token: 'x', gdpr_consent: true } });
    expect(missingPassword.body.message).toBe('Password is required');
    const missingVerifyToken = await api('/auth/verify-email', { body: {} });
    expect(missingVerifyToken.body.message).toBe('Token is required');
  });
});

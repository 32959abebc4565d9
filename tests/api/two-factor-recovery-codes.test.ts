import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { api, randomAddress, signUpOrganisation, type SignedUpUser } from './support/client';
import { subscribeToBusiness } from './support/administration';

/** Issue 21 item 11: recovery codes, shown once, each used once, in place of the authenticator code at sign-in. */
async function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

async function withTwoFactor(): Promise<SignedUpUser & { secret: string; codes: string[] }> {
  const account = await signUpOrganisation();
  const { secret } = (await api('/auth/2fa/setup', { token: account.auth.token })).body;
  const enabled = await api('/auth/2fa/enable', {
    token: account.auth.token,
    body: { secret, token: await codeAt(secret, -30) },
  });
  expect(enabled.status).toBe(200);
  return { ...account, secret, codes: enabled.body.recovery_codes };
}

/** The organisation's audit log, read on Business: the plan that includes reading it (docs/decisions/041). */
const auditOf = async (account: SignedUpUser) => {
  await subscribeToBusiness({ token: account.auth.token, orgId: account.auth.user.org_id });
  return (await api(`/org/${account.auth.user.org_id}/audit?limit=100`, { token: account.auth.token })).body
    .entries as {
    action: string;
    actor_user_id: string;
    target_id: string;
    after: Record<string, unknown>;
  }[];
};

describe('two-factor recovery codes', () => {
  it('are given once when two-factor authentication is turned on: ten different codes', async () => {
    const account = await withTwoFactor();
    expect(account.codes).toHaveLength(10);
    expect(new Set(account.codes).size).toBe(10);
    for (const code of account.codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const status = await api('/auth/2fa/recovery-codes', { token: account.auth.token });
    expect(status.body).toEqual({ remaining: 10, total: 10, created_at: expect.any(String) });
    // The codes are never shown again.
    expect(JSON.stringify(status.body)).not.toContain(account.codes[0]);
    expect(JSON.stringify((await api('/user/profile', { token: account.auth.token })).body)).not.toContain(
      account.codes[0],
    );
  });

  it('sign in in place of the authenticator code, each once, however it is typed; the use is audited', async () => {
    const account = await withTwoFactor();
    const { username, password } = account;
    const [first, second] = account.codes;
    const signedIn = await api('/auth/login', {
      body: { username, password, recovery_code: ` ${first!.toUpperCase().replace(/-/g, ' ')} ` },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.recovery_codes_remaining).toBe(9);
    expect(signedIn.body.token).toMatch(/^ey/);

    const again = await api('/auth/login', { body: { username, password, recovery_code: first } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Invalid or already used recovery code');
    const madeUp = await api('/auth/login', { body: { username, password, recovery_code: 'zzzz-zzzz-zzzz' } });
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.message).toBe('Invalid or already used recovery code');
    // The password still comes first: a code with a wrong password is no sign-in, and the code stays unused.
    const wrongPassword = await api('/auth/login', {
      body: { username, password: 'Not-the-password-1', recovery_code: second },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Invalid username or password');
    expect((await api('/auth/login', { body: { username, password, recovery_code: second } })).status).toBe(200);
    expect((await api('/auth/2fa/recovery-codes', { token: account.auth.token })).body.remaining).toBe(8);

    const uses = (await auditOf(account)).filter((entry) => entry.action === 'two_factor.recovery_code_use');
    expect(uses).toHaveLength(2);
    expect(uses[0]).toMatchObject({ actor_user_id: account.auth.user.id, target_id: account.auth.user.id });
    expect(uses.map((entry) => entry.after.recovery_codes_remaining)).toEqual([8, 9]);
    expect(JSON.stringify(uses)).not.toContain(first!.slice(0, 4));
  });

  it('are throttled like authenticator codes: wrong ones count against the username at that address', async () => {
    const account = await withTwoFactor();
    const { username, password } = account;
    const address = randomAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await api('/auth/login', {
        address,
        body: { username, password, recovery_code: `zzzz-zzzz-zz${String(attempt).padStart(2, '0')}` },
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await api('/auth/login', {
      address,
      body: { username, password, recovery_code: account.codes[0] },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many login attempts. Please try again later');
  });

  it('are made anew for a current authenticator code: the old ones stop working; audited', async () => {
    const account = await withTwoFactor();
    const { username, password } = account;
    const wrong = await api('/auth/2fa/recovery-codes', { token: account.auth.token, body: { token: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid two-factor authentication code');
    const renewed = await api('/auth/2fa/recovery-codes', {
      token: account.auth.token,
      body: { token: await codeAt(account.secret) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes.some((code: string) => account.codes.includes(code))).toBe(false);
    expect((await api('/auth/login', { body: { username, password, recovery_code: account.codes[0] } })).status).toBe(
      401,
    );
    const withNew = await api('/auth/login', {
      body: { username, password, recovery_code: renewed.body.recovery_codes[0] },
    });
    expect(withNew.status).toBe(200);
    expect(withNew.body.recovery_codes_remaining).toBe(9);
    const regenerated = (await auditOf(account)).filter(
      (entry) => entry.action === 'two_factor.recovery_codes_regenerate',
    );
    expect(regenerated).toHaveLength(1);
    expect(regenerated[0]!.after).toEqual({ username, recovery_codes_remaining: 10 });
  });

  it('regenerating is throttled, and needs two-factor authentication on', async () => {
    const account = await withTwoFactor();
    const address = randomAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await api('/auth/2fa/recovery-codes', {
        token: account.auth.token,
        address,
        body: { token: '000000' },
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await api('/auth/2fa/recovery-codes', {
      token: account.auth.token,
      address,
      body: { token: await codeAt(account.secret) },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many two-factor authentication attempts. Please try again later');

    const plain = await signUpOrganisation();
    const off = await api('/auth/2fa/recovery-codes', { token: plain.auth.token, body: { token: '123456' } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('Two-factor authentication is not enabled.');
    expect((await api('/auth/2fa/recovery-codes', { token: plain.auth.token })).body).toEqual({
      remaining: 0,
      total: 0,
      created_at: null,
    });
    expect((await api('/auth/2fa/recovery-codes')).status).toBe(401);
  });

  it("are the caller's own: another person's codes sign nobody else in, and turning two-factor off ends them", async () => {
    const alpha = await withTwoFactor();
    const beta = await withTwoFactor();
    const crossed = await api('/auth/login', {
      body: { username: beta.username, password: beta.password, recovery_code: alpha.codes[0] },
    });
    expect(crossed.status).toBe(401);
    expect((await api('/auth/2fa/recovery-codes', { token: beta.auth.token })).body.remaining).toBe(10);

    const disabled = await api('/auth/2fa/disable', {
      token: alpha.auth.token,
      body: { token: await codeAt(alpha.secret, 30) },
    });
    expect(disabled.status).toBe(200);
    expect((await api('/auth/2fa/recovery-codes', { token: alpha.auth.token })).body.remaining).toBe(0);
  });
});

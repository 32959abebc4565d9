import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';

const claims = { userId: 'u1', orgId: 'o1', sessionId: 's1' };

describe('access tokens', () => {
  it('signs and verifies the claims with an expiry', async () => {
    const tokens = createAccessTokens('a'.repeat(40), 900);
    const { token, expiresAt } = await tokens.sign(claims);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(890_000);
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it('rejects expired tokens, other keys and garbage', async () => {
    const tokens = createAccessTokens('a'.repeat(40), 60);
    const expired = await tokens.sign(claims, new Date(Date.now() - 120_000));
    expect(await tokens.verify(expired.token)).toBeUndefined();
    const foreign = await createAccessTokens('b'.repeat(40), 60).sign(claims);
    expect(await tokens.verify(foreign.token)).toBeUndefined();
    expect(await tokens.verify('not.a.jwt')).toBeUndefined();
  });

  it('remembers a verified token only until it expires, and never a forged one', async () => {
    let now = Date.now();
    const tokens = createAccessTokens('a'.repeat(40), 60, () => now);
    const { token } = await tokens.sign(claims, new Date(now));
    expect(await tokens.verify(token)).toMatchObject(claims);
    // A second time from memory; the same answer.
    expect(await tokens.verify(token)).toMatchObject(claims);
    const [header, payload] = token.split('.');
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeUndefined();
    now += 61_000;
    expect(await tokens.verify(token)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createApiKeyHasher, displayPrefix, parseApiKey } from './api-key-secrets';

const hasher = createApiKeyHasher('a-server-secret-key-of-at-least-32-characters');

describe('organisation API key secrets', () => {
  it('makes keys of the form tw-<8 characters>_<43 characters> that parse back to their prefix', () => {
    const created = hasher.create();
    expect(created.key).toMatch(/^tw-[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(created.key);
    expect(parsed?.prefix).toBe(created.prefix);
    expect(displayPrefix(created.prefix)).toBe(created.key.slice(0, 11));
  });

  it('stores a hash that matches the secret and nothing else, never the secret itself', () => {
    const created = hasher.create();
    const { secret } = parseApiKey(created.key)!;
    expect(created.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(created.secretHash).not.toContain(secret);
    expect(hasher.matches(secret, created.secretHash)).toBe(true);
    const altered = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(hasher.matches(altered, created.secretHash)).toBe(false);
    expect(hasher.matches(secret, 'abcd')).toBe(false);
  });

  it('hashes under the server key: another SECRET_KEY does not match the same secret', () => {
    const created = hasher.create();
    const other = createApiKeyHasher('another-server-secret-key-of-32-characters!');
    expect(other.matches(parseApiKey(created.key)!.secret, created.secretHash)).toBe(false);
  });

  it('gives every key new randomness', () => {
    const keys = new Set(Array.from({ length: 200 }, () => hasher.create().key));
    const prefixes = new Set([...keys].map((key) => key.slice(0, 11)));
    expect(keys.size).toBe(200);
    expect(prefixes.size).toBe(200);
  });

  it.each([
    ['', 'empty'],
    ['sk-abcdefgh_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'another marker'],
    ['tw-ABCDEFGH_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'capital prefix'],
    ['tw-abcdefgh_aaaa', 'short secret'],
    ['tw-abcdefgh_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ', 'trailing space'],
    ['tw-abcdefgh-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'no separator'],
  ])('refuses %j (%s) as a key', (presented) => {
    expect(parseApiKey(presented)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createRecoveryCodeHasher, generateRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';

const secretKey = 'a-test-secret-key-of-at-least-thirty-two-characters';

describe('recovery codes', () => {
  it('makes ten different codes of three groups of four unambiguous characters', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
    expect(generateRecoveryCodes()).not.toEqual(codes);
  });

  it.each([
    ['abcd-efgh-jkmn', 'abcdefghjkmn'],
    [' ABCD EFGH JKMN ', 'abcdefghjkmn'],
    ['o1l0-iiii-2345', '011011112345'],
  ])('reads %j as %j', (typed, stored) => {
    expect(normaliseRecoveryCode(typed)).toBe(stored);
  });

  it.each(['', '123456', 'abcd-efgh-jkm', 'abcd-efgh-jkmnp', 'abcd-efgh-jkm!', 'uuuu-uuuu-uuuu'])(
    'refuses %j as no code at all',
    (typed) => {
      expect(normaliseRecoveryCode(typed)).toBeUndefined();
    },
  );

  it('hashes a code the same however it is typed, differently under another key, never as the code', () => {
    const hasher = createRecoveryCodeHasher(secretKey);
    const [code] = generateRecoveryCodes(1);
    const stored = hasher.hash(code!);
    expect(stored).toBeDefined();
    expect(hasher.hash(code!.toUpperCase().replace(/-/g, ' '))).toBe(stored);
    expect(stored).not.toContain(code!.replace(/-/g, ''));
    expect(createRecoveryCodeHasher(`${secretKey}-other`).hash(code!)).not.toBe(stored);
    expect(hasher.hash('not a code')).toBeUndefined();
  });
});

import { createHmac, hkdfSync, randomInt } from 'node:crypto';

/** How many codes a set has. */
const recoveryCodeCount = 10;
// Crockford's base32, lower case: no i, l, o or u, so nothing reads as another character.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const groupCount = 3;
const groupLength = 4;
const codeLength = groupCount * groupLength;

/** A new set of codes shown as 'xxxx-xxxx-xxxx': 12 random characters of 32, 60 bits each. */
export function generateRecoveryCodes(count = recoveryCodeCount): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const characters = Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]).join('');
    const groups = Array.from({ length: groupCount }, (_, group) =>
      characters.slice(group * groupLength, (group + 1) * groupLength),
    );
    codes.add(groups.join('-'));
  }
  return [...codes];
}

/**
 * A typed code as stored: case, spaces and dashes do not matter, and o, i and l read as 0, 1 and
 * 1 (Crockford). Undefined when it cannot be a code at all.
 */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (plain.length !== codeLength || [...plain].some((character) => !alphabet.includes(character))) return undefined;
  return plain;
}

/**
 * HMAC-SHA-256 under a key derived from the server's secret key (docs/decisions/042): codes are
 * random, not chosen by people, so a slow hash buys nothing a keyed one lacks, and a code can be
 * found by its hash in one indexed look-up instead of ten argon2 checks per attempt.
 */
export function createRecoveryCodeHasher(secretKey: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'tokenwise', 'two-factor-recovery-codes', 32));
  return {
    /** The stored form of a code, or undefined when the text cannot be one. */
    hash(code: string): string | undefined {
      const plain = normaliseRecoveryCode(code);
      return plain === undefined ? undefined : createHmac('sha256', key).update(plain).digest('base64url');
    },
  };
}

export type RecoveryCodeHasher = ReturnType<typeof createRecoveryCodeHasher>;

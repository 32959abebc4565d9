import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiKeyMarker } from '../../contracts';

// The form of an organisation API key: `tw-` + an 8-character prefix + `_` + 43 characters of
// secret (32 random bytes, base64url). The prefix is shown and looked up; the secret is kept only
// as HMAC-SHA-256 under a key derived from SECRET_KEY (docs/decisions/049).

const prefixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const apiKeyPrefixLength = 8;
const secretBytes = 32;
// A literal, so the ReDoS check reads it (src/regular-expression-safety.test.ts); the test below it keeps it in step.
const keyPattern = /^tw-([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
if (!keyPattern.source.startsWith(`^${apiKeyMarker}([a-z0-9]{${apiKeyPrefixLength}})`))
  throw new Error('the API key pattern disagrees with its marker or prefix length');

/** A key as read from a request: the prefix to look it up by and the secret to check. */
export interface PresentedApiKey {
  prefix: string;
  secret: string;
}

/** Reads a presented key; anything not of the form is no key of ours. */
export function parseApiKey(presented: string): PresentedApiKey | undefined {
  const match = keyPattern.exec(presented);
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

/** What people see of a key: its marker and prefix. */
export function displayPrefix(prefix: string): string {
  return `${apiKeyMarker}${prefix}`;
}

export interface ApiKeyHasher {
  /** A new key: the whole key to show once, its prefix, and the hash to store. */
  create(): { key: string; prefix: string; secretHash: string };
  /** Whether the secret matches the stored hash, in constant time. */
  matches(secret: string, storedHash: string): boolean;
  /** Spends the time of a comparison when there is no stored hash to compare with. */
  compareWithNothing(secret: string): void;
}

/**
 * Keys are 256 random bits, so a fast keyed hash is as strong as a slow one against guessing and
 * costs microseconds per request instead of argon2's tens of milliseconds; the HMAC key (derived
 * from SECRET_KEY, never stored) means a copy of the database alone cannot test candidate keys.
 */
export function createApiKeyHasher(secretKey: string): ApiKeyHasher {
  const hmacKey = Buffer.from(hkdfSync('sha256', secretKey, 'tokenwise', 'api-keys:secret-hash', 32));
  const hash = (secret: string) => createHmac('sha256', hmacKey).update(secret, 'utf8').digest();
  const blank = Buffer.alloc(32);
  return {
    create() {
      const prefix = randomPrefix();
      const secret = randomBytes(secretBytes).toString('base64url');
      return { key: `${displayPrefix(prefix)}_${secret}`, prefix, secretHash: hash(secret).toString('hex') };
    },
    matches(secret, storedHash) {
      const stored = Buffer.from(storedHash, 'hex');
      const presented = hash(secret);
      return stored.length === presented.length && timingSafeEqual(stored, presented);
    },
    compareWithNothing(secret) {
      timingSafeEqual(hash(secret), blank);
    },
  };
}

/** Eight characters of [a-z0-9], each drawn without bias (bytes past the last whole alphabet are redrawn). */
function randomPrefix(): string {
  const limit = 256 - (256 % prefixAlphabet.length);
  let prefix = '';
  while (prefix.length < apiKeyPrefixLength) {
    for (const byte of randomBytes(apiKeyPrefixLength * 2)) {
      if (byte < limit && prefix.length < apiKeyPrefixLength) prefix += prefixAlphabet[byte % prefixAlphabet.length];
    }
  }
  return prefix;
}

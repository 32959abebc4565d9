import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const key = 'k'.repeat(40);
  it('round-trips and never stores the plaintext', () => {
    const box = createSecretBox(key, 'totp');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses tampered text, another purpose and another key', () => {
    const sealed = createSecretBox(key, 'totp').seal('secret');
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 0xff;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => createSecretBox(key, 'totp').open(tampered)).toThrow();
    expect(() => createSecretBox(key, 'provider-keys').open(sealed)).toThrow();
    expect(() => createSecretBox('z'.repeat(40), 'totp').open(sealed)).toThrow();
  });
});

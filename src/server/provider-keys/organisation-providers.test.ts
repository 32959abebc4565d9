import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../auth/secret-box';
import { mergeCredentials } from './organisation-providers';
import type { ProviderKeyRecord } from './provider-key-repository';

const secrets = createSecretBox('x'.repeat(32), 'provider-keys');
const row = (provider: ProviderKeyRecord['provider'], apiKey: string | null, baseUrl: string | null = null): ProviderKeyRecord => ({
  orgId: 'org',
  provider,
  apiKeyEncrypted: apiKey === null ? null : secrets.seal(apiKey),
  keyHint: null,
  baseUrl,
  updatedAt: new Date(),
});

describe('mergeCredentials', () => {
  const instance = { openai: { apiKey: 'sk-instance' }, anthropic: { apiKey: 'ak-instance', baseURL: 'https://proxy.example/v1' } };

  it('keeps the instance credentials when the organisation has no keys', () => {
    expect(mergeCredentials(instance, [], secrets)).toEqual(instance);
  });

  it("replaces only the providers the organisation has keys for, opening the sealed key", () => {
    const merged = mergeCredentials(instance, [row('anthropic', 'ak-organisation'), row('google', 'g-organisation', 'http://fake/v1beta')], secrets);
    expect(merged).toEqual({
      openai: { apiKey: 'sk-instance' },
      anthropic: { apiKey: 'ak-organisation' },
      google: { apiKey: 'g-organisation', baseURL: 'http://fake/v1beta' },
    });
  });

  it('takes an OpenAI-compatible server without a key', () => {
    expect(mergeCredentials({}, [row('openai-compatible', null, 'http://127.0.0.1:11434/v1')], secrets)).toEqual({
      'openai-compatible': { baseURL: 'http://127.0.0.1:11434/v1' },
    });
  });

  it('stores keys sealed, not in the clear', () => {
    expect(row('openai', 'sk-visible-secret').apiKeyEncrypted).not.toContain('sk-visible-secret');
  });
});

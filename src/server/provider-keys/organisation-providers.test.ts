import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../auth/secret-box';
import { mergeCredentials } from './organisation-providers';
import type { ProviderKeyRecord } from './provider-key-repository';

const secrets = createSecretBox('x'.repeat(32), 'provider-keys');
const row = (
  provider: ProviderKeyRecord['provider'],
  apiKey: string | null,
  baseUrl: string | null = null,
): ProviderKeyRecord => ({
  orgId: 'org',
  provider,
  apiKeyEncrypted: apiKey === null ? null : secrets.seal(apiKey),
  keyHint: null,
  baseUrl,
  updatedAt: new Date(),
});

describe('mergeCredentials', () => {
  const instance = {
    openai: { apiKey: 'sk-instance' },
    anthropic: { apiKey: 'ak-instance', baseURL: 'https://proxy.example/v1' },
  };
  // Stands for an AddressGuard's fetch: only the organisation's own base URLs go through it.
  const organisationFetch: typeof fetch = async () => new Response('');

  it('keeps the instance credentials when the organisation has no keys', () => {
    expect(mergeCredentials(instance, [], secrets, organisationFetch)).toEqual(instance);
  });

  it('replaces only the providers the organisation has keys for, opening the sealed key', () => {
    const merged = mergeCredentials(
      instance,
      [row('anthropic', 'ak-organisation'), row('google', 'g-organisation', 'http://fake/v1beta')],
      secrets,
      organisationFetch,
    );
    expect(merged).toEqual({
      openai: { apiKey: 'sk-instance' },
      anthropic: { apiKey: 'ak-organisation' },
      google: { apiKey: 'g-organisation', baseURL: 'http://fake/v1beta', fetch: organisationFetch },
    });
  });

  it('takes an OpenAI-compatible server without a key, reached through the guarded fetch', () => {
    expect(
      mergeCredentials({}, [row('openai-compatible', null, 'http://127.0.0.1:11434/v1')], secrets, organisationFetch),
    ).toEqual({
      'openai-compatible': { baseURL: 'http://127.0.0.1:11434/v1', fetch: organisationFetch },
    });
  });

  it("reaches the instance's own base URLs with the global fetch", () => {
    const merged = mergeCredentials(instance, [row('openai', 'sk-organisation')], secrets, organisationFetch);
    expect(merged.anthropic?.fetch).toBeUndefined();
    expect(merged.openai).toEqual({ apiKey: 'sk-organisation' });
  });

  it('stores keys sealed, not in the clear', () => {
    expect(row('openai', 'sk-visible-secret').apiKeyEncrypted).not.toContain('sk-visible-secret');
  });
});

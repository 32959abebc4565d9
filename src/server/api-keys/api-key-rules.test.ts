import { describe, expect, it } from 'vitest';
import { judgeApiKeyUse, type ApiKeyUse } from './api-key-rules';

const now = Date.parse('2026-12-01T12:00:00Z');
const allowedUse: ApiKeyUse = {
  kind: 'personal',
  revokedAt: null,
  expiresAt: null,
  userStatus: 'active',
  apiAccessEnabled: true,
  apiIpRestrictions: [],
  signInIpRestrictions: [],
  clientAddress: '198.51.100.7',
  now,
};

describe('judging a use of an API key', () => {
  it.each<[string, Partial<ApiKeyUse>, string]>([
    ['a live personal key', {}, 'allowed'],
    ['a live service key', { kind: 'service', userStatus: 'service' }, 'allowed'],
    ['an expiry in the future', { expiresAt: new Date(now + 1000) }, 'allowed'],
    ['a revoked key', { revokedAt: new Date(now - 1000) }, 'revoked'],
    ['revoked and expired: revoked', { revokedAt: new Date(now - 1), expiresAt: new Date(now - 1) }, 'revoked'],
    ['an expiry now', { expiresAt: new Date(now) }, 'expired'],
    ['an expiry past', { expiresAt: new Date(now - 60_000) }, 'expired'],
    ['a removed owner', { userStatus: 'disabled' }, 'owner_removed'],
    ['an owner awaiting activation', { userStatus: 'pending_activation' }, 'owner_removed'],
    ['a service key whose principal is disabled', { kind: 'service', userStatus: 'disabled' }, 'owner_removed'],
    ['a personal key acting as a service principal', { userStatus: 'service' }, 'owner_removed'],
    ['API access off', { apiAccessEnabled: false }, 'api_access_disabled'],
    ['revoked with API access off: revoked', { apiAccessEnabled: false, revokedAt: new Date(now) }, 'revoked'],
    ['an address inside the keys’ networks', { apiIpRestrictions: ['198.51.100.0/24'] }, 'allowed'],
    ['an address outside the keys’ networks', { apiIpRestrictions: ['203.0.113.0/24'] }, 'address_refused'],
    ['no key networks: the sign-in networks apply', { signInIpRestrictions: ['203.0.113.0/24'] }, 'address_refused'],
    [
      'key networks replace the sign-in networks',
      { apiIpRestrictions: ['198.51.100.7'], signInIpRestrictions: ['203.0.113.0/24'] },
      'allowed',
    ],
    [
      'an unreadable address under restrictions',
      { clientAddress: 'unknown', apiIpRestrictions: ['10.0.0.0/8'] },
      'address_refused',
    ],
  ])('%s', (_name, change, outcome) => {
    expect(judgeApiKeyUse({ ...allowedUse, ...change }).outcome).toBe(outcome);
  });
});

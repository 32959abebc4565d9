import { describe, expect, it } from 'vitest';
import { activityWriteIntervalMs, isAddressAllowed, judgeSignIn, type SignInRuleSettings } from './sign-in-rules';

const rules = (overrides: Partial<SignInRuleSettings> = {}): SignInRuleSettings => ({
  requireTwoFactor: false,
  sessionTimeoutMinutes: 60,
  ipRestrictions: [],
  ...overrides,
});
const now = Date.parse('2026-01-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000);

describe('isAddressAllowed', () => {
  it.each([
    ['203.0.113.7', [], true],
    ['203.0.113.7', ['203.0.113.0/24'], true],
    ['203.0.114.7', ['203.0.113.0/24'], false],
    ['203.0.113.7', ['203.0.113.7'], true],
    ['203.0.113.8', ['203.0.113.7'], false],
    ['::ffff:203.0.113.7', ['203.0.113.0/24'], true],
    ['2001:db8::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['2001:db8::1', ['203.0.113.0/24'], false],
    ['fe80::1%eth0', ['fe80::/10'], true],
    ['unknown', ['0.0.0.0/0'], false],
    ['not-an-address', [], true],
  ] as const)('%s within %j: %s', (address, restrictions, allowed) => {
    expect(isAddressAllowed(address, restrictions)).toBe(allowed);
  });
});

describe('judgeSignIn', () => {
  const judge = (input: Partial<Parameters<typeof judgeSignIn>[0]>) =>
    judgeSignIn({
      rules: rules(),
      lastActiveAt: minutesAgo(0),
      twoFactorEnabled: false,
      clientAddress: '203.0.113.7',
      now,
      ...input,
    });

  it('ends a sign-in only after its timeout of idleness plus the minute activity may go unwritten', () => {
    const limitMs = 60 * 60_000 + activityWriteIntervalMs;
    expect(judge({ lastActiveAt: new Date(now - limitMs) }).outcome).toBe('allowed');
    expect(judge({ lastActiveAt: new Date(now - limitMs - 1) })).toEqual({ outcome: 'idle' });
    expect(judge({ rules: rules({ sessionTimeoutMinutes: 5 }), lastActiveAt: minutesAgo(7) })).toEqual({
      outcome: 'idle',
    });
  });

  it('asks for the activity to be written at most once a minute', () => {
    expect(judge({ lastActiveAt: new Date(now - activityWriteIntervalMs + 1) })).toMatchObject({
      recordActivity: false,
    });
    expect(judge({ lastActiveAt: new Date(now - activityWriteIntervalMs) })).toMatchObject({ recordActivity: true });
  });

  it('refuses addresses outside the allowed networks, and idleness comes first', () => {
    expect(judge({ rules: rules({ ipRestrictions: ['198.51.100.0/24'] }) })).toEqual({ outcome: 'address_refused' });
    expect(judge({ rules: rules({ ipRestrictions: ['198.51.100.0/24'] }), lastActiveAt: minutesAgo(120) })).toEqual({
      outcome: 'idle',
    });
  });

  it('marks a sign-in without two-factor authentication where the organisation requires it', () => {
    expect(judge({ rules: rules({ requireTwoFactor: true }) })).toMatchObject({
      outcome: 'allowed',
      twoFactorSetupRequired: true,
    });
    expect(judge({ rules: rules({ requireTwoFactor: true }), twoFactorEnabled: true })).toMatchObject({
      twoFactorSetupRequired: false,
    });
    expect(judge({ rules: rules({ requireTwoFactor: false }) })).toMatchObject({ twoFactorSetupRequired: false });
  });
});

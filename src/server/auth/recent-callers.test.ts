import { describe, expect, it } from 'vitest';
import type { Caller } from '../http/context';
import { createRecentCallers, sameCaller } from './recent-callers';

const caller = (sessionId: string, overrides: Partial<Caller> = {}): Caller => ({
  userId: 'user-1',
  orgId: 'org-1',
  sessionId,
  username: 'ada',
  email: 'ada@example.test',
  roleId: 'role-1',
  roleName: 'Member',
  roleScopes: [],
  roleUnlimited: false,
  ...overrides,
});
const claimsOf = ({ userId, orgId, sessionId }: Caller) => ({ userId, orgId, sessionId });

describe('recent callers', () => {
  it('gives back a remembered caller for its own claims until it is too old', () => {
    let now = 1_000;
    const recent = createRecentCallers({ maxAgeMs: 100, clock: () => now });
    const ada = caller('s1');
    recent.remember(ada);
    expect(recent.get(claimsOf(ada))).toEqual(ada);
    now += 100;
    expect(recent.get(claimsOf(ada))).toEqual(ada);
    now += 1;
    expect(recent.get(claimsOf(ada))).toBeUndefined();
  });

  it('never answers claims of another user or organisation for the same session id', () => {
    const recent = createRecentCallers();
    recent.remember(caller('s1'));
    expect(recent.get({ userId: 'user-2', orgId: 'org-1', sessionId: 's1' })).toBeUndefined();
    expect(recent.get({ userId: 'user-1', orgId: 'org-2', sessionId: 's1' })).toBeUndefined();
  });

  it('forgets a sign-in on request, and the least recently remembered one beyond its size', () => {
    const recent = createRecentCallers({ maxEntries: 2 });
    const [first, second, third] = [caller('s1'), caller('s2'), caller('s3')];
    recent.remember(first);
    recent.remember(second);
    recent.remember(first);
    recent.remember(third);
    expect(recent.get(claimsOf(second))).toBeUndefined();
    expect(recent.get(claimsOf(first))).toEqual(first);
    recent.forget('s1');
    expect(recent.get(claimsOf(first))).toBeUndefined();
    expect(recent.get(claimsOf(third))).toEqual(third);
  });

  it('forgets every sign-in of a removed user, and only theirs', () => {
    const recent = createRecentCallers();
    const [phone, laptop, other] = [caller('s1'), caller('s2'), caller('s3', { userId: 'user-2' })];
    for (const signIn of [phone, laptop, other]) recent.remember(signIn);
    recent.forgetUser('user-1');
    expect(recent.get(claimsOf(phone))).toBeUndefined();
    expect(recent.get(claimsOf(laptop))).toBeUndefined();
    expect(recent.get(claimsOf(other))).toEqual(other);
  });

  it('tells a changed role or name from the same caller', () => {
    expect(sameCaller(caller('s1'), caller('s1'))).toBe(true);
    expect(sameCaller(caller('s1'), caller('s1', { roleId: 'role-2' }))).toBe(false);
    expect(sameCaller(caller('s1'), caller('s1', { roleName: 'Admin' }))).toBe(false);
    expect(sameCaller(caller('s1'), caller('s1', { email: 'new@example.test' }))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readGroupsClaim, roleForGroups } from './group-roles';

describe('roleForGroups', () => {
  const mappings = [
    { groupName: 'Tokenwise Admins', roleId: 'admin' },
    { groupName: 'engineering', roleId: 'engineer' },
    { groupName: 'everyone', roleId: 'member' },
  ];
  it.each([
    [['engineering', 'everyone'], 'engineer'],
    [['everyone', 'tokenwise admins'], 'admin'],
    [['  Engineering '], 'engineer'],
    [['sales'], undefined],
    [[], undefined],
  ] as const)('groups %j give %s', (groups, expected) => {
    expect(roleForGroups(mappings, groups)).toBe(expected);
  });
  it('gives nothing without mappings', () => {
    expect(roleForGroups([], ['engineering'])).toBeUndefined();
  });
});

describe('readGroupsClaim', () => {
  it.each([
    [{ groups: ['a', 'b'] }, 'groups', ['a', 'b']],
    [{ groups: 'a' }, 'groups', ['a']],
    [{ groups: ['a', 3, null, 'b'] }, 'groups', ['a', 'b']],
    [{ groups: { a: 1 } }, 'groups', []],
    [{}, 'groups', []],
    [{ realm_access: { roles: ['x', 'y'] } }, 'realm_access.roles', ['x', 'y']],
    [{ 'realm_access.roles': ['literal'], realm_access: { roles: ['nested'] } }, 'realm_access.roles', ['literal']],
    [{ realm_access: 'flat' }, 'realm_access.roles', []],
  ] as const)('%j reading %s gives %j', (claims, claim, expected) => {
    expect(readGroupsClaim(claims as Record<string, unknown>, claim)).toEqual(expected);
  });
});

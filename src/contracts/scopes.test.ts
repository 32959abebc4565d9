import { describe, expect, it } from 'vitest';
import { mayHandleRole, roleGrantsScope, type Scope } from './scopes';

describe('roleGrantsScope (spec section 6)', () => {
  it.each<[string, Scope, boolean]>([
    ['Admin', 'billing', true],
    ['SUPER ADMIN', 'model-management', true],
    ['admin', 'admin', true],
    ['User Manager', 'user-management', true],
    ['user manager', 'admin', false],
    ['Model Manager', 'model-management', true],
    ['Model Manager', 'billing', false],
    ['Billing Manager', 'billing', true],
    ['Member', 'admin', false],
    ['Administrator', 'admin', false],
  ])('%s -> %s: %s', (roleName, scope, granted) => {
    expect(roleGrantsScope(roleName, scope)).toBe(granted);
  });
});

describe('mayHandleRole', () => {
  it.each<[string, string, boolean]>([
    ['Admin', 'Super Admin', true],
    ['Super Admin', 'Member', true],
    ['User Manager', 'Member', true],
    ['User Manager', 'User Manager', true],
    ['User Manager', 'Admin', false],
    ['User Manager', 'Sales Admin', false],
    ['User Manager', 'Model Manager', false],
    ['User Manager', 'Billing Manager', false],
    ['Member', 'Member', true],
  ])('%s handling %s: %s', (callerRoleName, roleName, allowed) => {
    expect(mayHandleRole(callerRoleName, roleName)).toBe(allowed);
  });
});

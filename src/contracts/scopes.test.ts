import { describe, expect, it } from 'vitest';
import { roleGrantsScope, type Scope } from './scopes';

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

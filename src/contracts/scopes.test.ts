import { describe, expect, it } from 'vitest';
import { grantedScopes, mayHandleRole, type RoleAccess, roleGrantsScope, roleScopesSchema, type Scope } from './scopes';

const limited = (...granted: Scope[]): RoleAccess => ({ scopes: granted, unlimited: false });
const administrator: RoleAccess = { scopes: ['admin'], unlimited: true };

describe('roleGrantsScope reads the stored scopes (spec section 6)', () => {
  it.each<[string, RoleAccess, Scope, boolean]>([
    ['an administrator', administrator, 'billing', true],
    ['an administrator', administrator, 'model-management', true],
    ['a user manager', limited('user-management'), 'user-management', true],
    ['a user manager', limited('user-management'), 'admin', false],
    ['a finance role', limited('billing'), 'billing', true],
    ['a finance role', limited('billing'), 'user-management', false],
    ['nothing stored', limited(), 'admin', false],
    ['unlimited but no scope', { scopes: [], unlimited: true }, 'admin', false],
  ])('%s -> %s', (_label, access, scope, granted) => {
    expect(roleGrantsScope(access, scope)).toBe(granted);
  });

  it('lists an administrator as granting every scope', () => {
    expect(grantedScopes(administrator)).toEqual(['admin', 'user-management', 'model-management', 'billing']);
  });
});

describe('mayHandleRole compares stored scopes', () => {
  it.each<[string, RoleAccess, RoleAccess, boolean]>([
    ['administrator handles an administrator role', administrator, administrator, true],
    ['administrator handles an unlimited role', administrator, { scopes: [], unlimited: true }, true],
    ['user manager handles a plain role', limited('user-management'), limited(), true],
    ['user manager handles their own kind', limited('user-management'), limited('user-management'), true],
    ['user manager cannot handle admin', limited('user-management'), administrator, false],
    [
      'user manager cannot handle an unlimited role',
      limited('user-management'),
      { scopes: [], unlimited: true },
      false,
    ],
    ['user manager cannot handle billing they lack', limited('user-management'), limited('billing'), false],
    [
      'user and billing manager handles billing',
      limited('user-management', 'billing'),
      limited('billing', 'user-management'),
      true,
    ],
    ['member handles a plain role', limited(), limited(), true],
  ])('%s', (_label, caller, role, allowed) => {
    expect(mayHandleRole(caller, role)).toBe(allowed);
  });
});

describe('roleScopesSchema', () => {
  it('accepts known scopes', () => {
    expect(roleScopesSchema.parse(['billing', 'admin'])).toEqual(['billing', 'admin']);
  });
  it('refuses an unknown scope naming the choices', () => {
    const result = roleScopesSchema.safeParse(['finance']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Unknown scope: choose from 'admin', 'user-management', 'model-management', 'billing'",
    );
  });
  it('refuses a scope listed twice', () => {
    expect(roleScopesSchema.safeParse(['billing', 'billing']).success).toBe(false);
  });
});

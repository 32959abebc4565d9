import { roleGrantsScope, type Scope } from '@contracts';
import { describe, expect, it } from 'vitest';
import { firstOpenSection } from './admin-sections';

describe('firstOpenSection: where the Chat/Dashboard switch leads', () => {
  it.each([
    // the role's stored scopes, the user's role string, where they enter /admin
    [['admin'], 'admin', '/admin'],
    // Every scope, but the dashboard and organisation pages ask for the role 'admin' itself (spec section 6).
    [['admin'], 'super admin', '/admin/users'],
    [['user-management'], 'user manager', '/admin/users'],
    [['billing'], 'finance', '/admin/billing'],
    // No tab of its own: the switch is how a model manager reaches model analytics.
    [['model-management'], 'model manager', '/admin/models'],
    [[], 'member', null],
  ] satisfies [Scope[], string, string | null][])('%j (%s) enters at %s', (roleScopes, roleString, path) => {
    const section = firstOpenSection((scope) => roleGrantsScope({ scopes: roleScopes }, scope), roleString === 'admin');
    expect(section?.path ?? null).toBe(path);
  });
});

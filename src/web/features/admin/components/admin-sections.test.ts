import { roleGrantsScope } from '@contracts';
import { describe, expect, it } from 'vitest';
import { firstOpenSection } from './admin-sections';

describe('firstOpenSection: where the Chat/Dashboard switch leads', () => {
  it.each([
    // role name, the user's role string, where they enter /admin
    ['Admin', 'admin', '/admin'],
    // Every scope, but the dashboard and organisation pages ask for the role 'admin' itself (spec section 6).
    ['Super Admin', 'super admin', '/admin/users'],
    ['User Manager', 'user manager', '/admin/users'],
    ['Billing Manager', 'billing manager', '/admin/billing'],
    // No tab of its own: the switch is how a model manager reaches model analytics.
    ['Model Manager', 'model manager', '/admin/models'],
    ['Member', 'member', null],
  ])('%s enters at %s', (roleName, roleString, path) => {
    const section = firstOpenSection((scope) => roleGrantsScope(roleName, scope), roleString === 'admin');
    expect(section?.path ?? null).toBe(path);
  });
});

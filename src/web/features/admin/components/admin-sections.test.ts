import { roleGrantsScope, type Scope } from '@contracts';
import { describe, expect, it } from 'vitest';
import { firstOpenSection } from './admin-sections';

describe('firstOpenSection: where the Chat/Dashboard switch leads, by stored scopes alone', () => {
  it.each([
    // the role's stored scopes, where they enter /admin
    [['admin'], '/admin'],
    [['user-management'], '/admin/users'],
    [['user-management', 'billing'], '/admin/users'],
    [['billing'], '/admin/billing'],
    // No tab of its own: the switch is how a model manager reaches model analytics.
    [['model-management'], '/admin/models'],
    [[], null],
  ] satisfies [Scope[], string | null][])('%j enters at %s', (roleScopes, path) => {
    const section = firstOpenSection((scope) => roleGrantsScope({ scopes: roleScopes }, scope));
    expect(section?.path ?? null).toBe(path);
  });
});

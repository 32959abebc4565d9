import type { RoleAccess, Scope } from '@contracts';

const everyScope: Scope[] = ['admin', 'user-management', 'model-management', 'billing'];

/** What the server stores on the roles it seeds (docs/decisions/059), for fixtures of those roles; any other name grants nothing. */
export function seededRoleAccess(name: string): { scopes: Scope[]; unlimited: boolean } {
  const byName: Record<string, RoleAccess> = {
    Admin: { scopes: everyScope, unlimited: true },
    'User Manager': { scopes: ['user-management'], unlimited: false },
    'Model Manager': { scopes: ['model-management'], unlimited: false },
    'Billing Manager': { scopes: ['billing'], unlimited: false },
  };
  const access = byName[name] ?? { scopes: [], unlimited: false };
  return { scopes: [...access.scopes], unlimited: access.unlimited };
}

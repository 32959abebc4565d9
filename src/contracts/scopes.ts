import { isUnlimitedRoleName } from './roles';
/** Admin-area scopes of spec section 6 and the pure rule deciding them from a role name. */
export const scopes = ['admin', 'user-management', 'model-management', 'billing'] as const;
export type Scope = (typeof scopes)[number];

const extraRoleNamesByScope: Record<Scope, readonly string[]> = {
  admin: [],
  'user-management': ['user manager'],
  'model-management': ['model manager'],
  billing: ['billing manager'],
};

export function isAdminRoleName(roleName: string): boolean {
  const name = roleName.trim().toLowerCase();
  return name === 'admin' || name === 'super admin';
}

export function roleGrantsScope(roleName: string, scope: Scope): boolean {
  if (isAdminRoleName(roleName)) return true;
  return extraRoleNamesByScope[scope].includes(roleName.trim().toLowerCase());
}

/**
 * Whether someone whose role is `callerRoleName` may give a role to someone or take it away:
 * only administrators handle roles that grant a scope the caller lacks or unlimited use (a name
 * containing 'admin'), so a user manager cannot make anyone, themselves included, an administrator.
 */
export function mayHandleRole(callerRoleName: string, roleName: string): boolean {
  if (isAdminRoleName(callerRoleName)) return true;
  if (isUnlimitedRoleName(roleName)) return false;
  return scopes.every((scope) => !roleGrantsScope(roleName, scope) || roleGrantsScope(callerRoleName, scope));
}

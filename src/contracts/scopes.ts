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

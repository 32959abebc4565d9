import { z } from 'zod';

/** Admin-area scopes of spec section 6; a role stores the ones it grants (docs/decisions/059). */
export const scopes = ['admin', 'user-management', 'model-management', 'billing'] as const;
export type Scope = (typeof scopes)[number];

/** What a role may do, as stored with it: its scopes and whether its limits are all unlimited. */
export interface RoleAccess {
  scopes: readonly Scope[];
  unlimited: boolean;
}

/** Access of a role that grants nothing: what a missing or unknown role means. */
export const noAccess: RoleAccess = { scopes: [], unlimited: false };

const scopeList = scopes.map((scope) => `'${scope}'`).join(', ');

export const scopeSchema = z.enum(scopes, { error: `Unknown scope: choose from ${scopeList}` });

/** The scopes sent for a role: known names only, each at most once. */
export const roleScopesSchema = z
  .array(scopeSchema, { error: 'Scopes must be a list' })
  .max(scopes.length, { error: `Scopes must list at most ${scopes.length} scopes` })
  .refine((sent) => new Set(sent).size === sent.length, { error: 'Scopes must list each scope at most once' });

/** The administrator scope grants every other scope. */
export function roleGrantsScope(access: Pick<RoleAccess, 'scopes'>, scope: Scope): boolean {
  return access.scopes.includes('admin') || access.scopes.includes(scope);
}

/** Administrators use every model without limits and may do everything (spec section 6). */
export function isAdministrator(access: Pick<RoleAccess, 'scopes'>): boolean {
  return access.scopes.includes('admin');
}

/** Every scope the role grants, the administrator's implied ones included, in the spec's order. */
export function grantedScopes(access: Pick<RoleAccess, 'scopes'>): Scope[] {
  return scopes.filter((scope) => roleGrantsScope(access, scope));
}

/**
 * Whether someone holding `caller` may give a role granting `role` to someone or take it away:
 * administrators handle every role; others only roles that are limited and grant no scope they
 * lack, so a user manager cannot make anyone, themselves included, an administrator.
 */
export function mayHandleRole(caller: RoleAccess, role: RoleAccess): boolean {
  if (isAdministrator(caller)) return true;
  if (role.unlimited) return false;
  return grantedScopes(role).every((scope) => roleGrantsScope(caller, scope));
}

import { type Role, roleGrantsScope, type Scope, type User } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../auth/hooks/use-auth';
import { getRole } from '../api/get-role';
import { userGrantsScope } from '../lib/user-scopes';

export type AccessStatus = 'loading' | 'granted' | 'denied';

/** Role lookups are cached for 5 minutes (spec section 9). */
const roleCacheMs = 300_000;

/**
 * Spec section 6: the user's role decides the scope, by the scopes the server sends with it
 * (docs/decisions/059), never by its name; a missing role (404) denies; any other failure to fetch
 * it grants access only to an administrator by the scopes sent with the user's profile, where the
 * spec reads the role string 'admin'.
 */
function decideAccess(user: User, scope: Scope, role: Role | undefined, error: unknown): boolean {
  if (role !== undefined) return roleGrantsScope({ scopes: role.scopes ?? [] }, scope);
  if (error instanceof ApiError && error.status === 404) return false;
  return userGrantsScope(user, 'admin');
}

/**
 * Decides scopes for the signed-in person once their role is known ('loading' until then): one
 * lookup of the role answers every scope, for the guard and for the links into /admin alike.
 */
export function useScopeCheck(): ((scope: Scope) => boolean) | 'loading' {
  const { user } = useAuth();
  const roleId = user?.role_id ?? '';
  const roleQuery = useQuery({
    queryKey: ['roles', roleId],
    queryFn: () => getRole(roleId),
    enabled: roleId !== '',
    staleTime: roleCacheMs,
    retry: false,
  });
  if (!user) return () => false;
  if (roleId === '') return () => userGrantsScope(user, 'admin');
  if (roleQuery.isPending) return 'loading';
  return (scope) => decideAccess(user, scope, roleQuery.data, roleQuery.error);
}

export function useScopeAccess(scope: Scope): AccessStatus {
  const check = useScopeCheck();
  if (check === 'loading') return 'loading';
  return check(scope) ? 'granted' : 'denied';
}

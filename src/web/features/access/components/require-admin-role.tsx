import type { User } from '@contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../auth/hooks/use-auth';

/** Spec section 6: the dashboard and organisation settings ask for the role 'admin' itself, not a scope. */
export function hasAdminRole(user: User | null): boolean {
  return user?.role === 'admin';
}

/** The admin dashboard and organisation settings ask for the role 'admin' itself (spec section 6). */
export function RequireAdminRole({ fallback = '/', children }: { fallback?: string; children?: ReactNode }) {
  const { user } = useAuth();
  if (!hasAdminRole(user)) return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}

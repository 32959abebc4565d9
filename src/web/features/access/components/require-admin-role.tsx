import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../auth/hooks/use-auth';

/** The admin dashboard and organisation settings ask for the role 'admin' itself (spec section 6). */
export function RequireAdminRole({ fallback = '/', children }: { fallback?: string; children?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}

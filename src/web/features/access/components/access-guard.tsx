import type { Scope } from '@contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useScopeAccess } from '../hooks/use-scope-access';

interface AccessGuardProps {
  scope: Scope;
  fallback?: string;
  children?: ReactNode;
}

/** Sends users without the scope to the fallback path (spec section 2, default /). */
export function AccessGuard({ scope, fallback = '/', children }: AccessGuardProps) {
  const status = useScopeAccess(scope);
  if (status === 'loading') return <FullPageSpinner label="Checking access" />;
  if (status === 'denied') return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}

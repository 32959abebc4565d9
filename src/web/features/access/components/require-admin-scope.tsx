import type { ReactNode } from 'react';
import { AccessGuard } from './access-guard';

/**
 * The admin dashboard and organisation settings (spec section 6: administrators only, others go to
 * /): open to roles that store the admin scope, whatever they are called (docs/decisions/059).
 */
export function RequireAdminScope({ fallback = '/', children }: { fallback?: string; children?: ReactNode }) {
  return (
    <AccessGuard scope="admin" fallback={fallback}>
      {children}
    </AccessGuard>
  );
}

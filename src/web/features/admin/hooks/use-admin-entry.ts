import { useScopeCheck } from '../../access/hooks/use-scope-access';
import { useAuth } from '../../auth/hooks/use-auth';
import { firstOpenSection, type AdminSection } from '../components/admin-sections';

/**
 * The part of /admin the signed-in person's switch leads to, by their role's stored scopes: the
 * dashboard for administrators, else their first section (a user, model or billing manager's own);
 * null while the role loads or without any.
 */
export function useAdminEntry(): AdminSection | null {
  const { user } = useAuth();
  const check = useScopeCheck();
  if (!user || check === 'loading') return null;
  return firstOpenSection(check);
}

import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/hooks/use-auth';
import { brandingQueryKey, fetchBranding } from '../api/branding-api';
import { shownBranding, type ShownBranding } from '../lib/shown-branding';

/** The signed-in member's organisation's branding as the screens show it; the product's own otherwise. */
export function useBranding(): ShownBranding {
  const { token, user } = useAuth();
  const orgId = token && user ? user.org_id : null;
  const branding = useQuery({
    queryKey: brandingQueryKey(orgId ?? 'none'),
    queryFn: fetchBranding,
    enabled: orgId !== null,
    staleTime: 60_000,
  });
  return shownBranding(orgId ? branding.data : undefined);
}

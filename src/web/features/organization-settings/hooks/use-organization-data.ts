import { defaultOrganisationSettings } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { getAuditLog, getOrganization, getOrganizationSettings, getOrganizationUsage } from '../api/organization-api';
import { zeroUsage } from '../lib/organization-usage';

export const organizationKeys = {
  organization: (orgId: string) => ['admin', orgId, 'organization'] as const,
  settings: (orgId: string) => ['admin', orgId, 'organization', 'settings'] as const,
  usage: (orgId: string) => ['admin', orgId, 'organization', 'usage'] as const,
  routingPolicy: (orgId: string) => ['admin', orgId, 'organization', 'routing-policy'] as const,
  routingQuality: (orgId: string) => ['admin', orgId, 'organization', 'routing-quality'] as const,
  audit: (orgId: string, page?: number) =>
    page === undefined ? (['admin', orgId, 'audit'] as const) : (['admin', orgId, 'audit', page] as const),
};

export function useOrganization() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.organization(orgId),
    queryFn: () => getOrganization(orgId),
    enabled: orgId !== '',
  });
}

/** Spec section 8: failed org settings give section 9's defaults; the page says so. */
export function useOrganizationSettings() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.settings(orgId),
    enabled: orgId !== '',
    queryFn: async () => {
      try {
        return { settings: await getOrganizationSettings(orgId), fromDefaults: false };
      } catch (error) {
        console.warn('[organization] settings could not be loaded; showing the defaults', error);
        return { settings: defaultOrganisationSettings, fromDefaults: true };
      }
    },
  });
}

/** Spec section 8: a failed org usage gives zeros. */
export function useOrganizationUsage() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.usage(orgId),
    enabled: orgId !== '',
    queryFn: async () => {
      try {
        return await getOrganizationUsage(orgId);
      } catch (error) {
        console.warn('[organization] usage could not be loaded; showing zeros', error);
        return zeroUsage;
      }
    },
  });
}

export function useAuditLog(page: number, enabled: boolean) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: organizationKeys.audit(orgId, page),
    queryFn: () => getAuditLog(orgId, page),
    enabled: enabled && orgId !== '',
  });
}

import type { OrganisationSettings, UpdateOrganisationRequest } from '@contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { brandingQueryKey } from '../../branding/api/branding-api';
import { updateOrganization, updateOrganizationSettings } from '../api/organization-api';
import { settingsChanges } from '../lib/settings-draft';
import { organizationKeys } from './use-organization-data';

export interface OrganizationSave {
  /** The details to save, or undefined when they did not change. */
  organization?: UpdateOrganisationRequest;
  savedSettings: OrganisationSettings;
  settings: OrganisationSettings;
}

/** Save Changes: the details, then the settings that changed; whatever was saved is read again. */
export function useSaveOrganization() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ organization, savedSettings, settings }: OrganizationSave) => {
      if (organization) await updateOrganization(orgId, organization);
      const changes = settingsChanges(savedSettings, settings);
      if (changes) await updateOrganizationSettings(orgId, changes);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.organization(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.audit(orgId) }),
        // The admin sees a new name, colour or logo at once, as members do on their next read.
        queryClient.invalidateQueries({ queryKey: brandingQueryKey(orgId) }),
      ]),
  });
}

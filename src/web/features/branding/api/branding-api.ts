import { organisationBrandingResponseSchema, type OrganisationSettings } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

export type OrganisationBranding = OrganisationSettings['branding'];

/** GET /org/me/branding: the caller's organisation's name, colour and logo, open to every member. */
export async function fetchBranding(): Promise<OrganisationBranding> {
  const answer = await apiRequest('/org/me/branding', { schema: organisationBrandingResponseSchema });
  return answer.branding;
}

/** Saving the organisation's settings should invalidate this, so members see new branding at once. */
export const brandingQueryKey = (orgId: string) => ['organisation', orgId, 'branding'] as const;

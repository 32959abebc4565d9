import { defaultOrganisationSettings } from '@contracts';
import type { OrganisationBranding } from '../api/branding-api';

/** What the screens show: the product's own look until an organisation sets its own. */
export interface ShownBranding {
  applicationName: string;
  /** A #RRGGBB colour, or null for the product's accent. */
  primaryColor: string | null;
  logoUrl: string | null;
}

const productBranding: ShownBranding = { applicationName: 'Tokenwise', primaryColor: null, logoUrl: null };

/**
 * An organisation's branding as shown. Section 9's fallback values ('LLM Platform', #3B82F6) are
 * what an organisation has before it chooses; they show as the product's own name and accent
 * (docs/decisions/021). Without branding (signed out, still loading, failed) the product's look.
 */
export function shownBranding(branding: OrganisationBranding | undefined): ShownBranding {
  if (!branding) return productBranding;
  const fallback = defaultOrganisationSettings.branding;
  return {
    applicationName:
      branding.application_name === fallback.application_name
        ? productBranding.applicationName
        : branding.application_name,
    primaryColor:
      branding.primary_color.toLowerCase() === fallback.primary_color.toLowerCase() ? null : branding.primary_color,
    logoUrl: branding.logo_url,
  };
}

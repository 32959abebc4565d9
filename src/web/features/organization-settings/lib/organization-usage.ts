import type { OrganisationUsage } from '@contracts';

/**
 * The four numbers of spec section 3's Org usage that the Usage Summary shows. The call itself is
 * read with the analytics contract's organisationUsageSchema.
 */
export type OrganizationUsageSummary = Pick<
  OrganisationUsage,
  'totalRequests' | 'totalTokens' | 'totalCost' | 'lastActive'
>;

/** Spec section 8: a failed org usage gives zeros. */
export const zeroUsage: OrganisationUsage = {
  totalRequests: 0,
  totalTokens: 0,
  totalCost: 0,
  lastActive: null,
  usageByModel: [],
  usageByMonth: [],
};

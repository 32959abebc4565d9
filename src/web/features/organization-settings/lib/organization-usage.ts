import { z } from 'zod';

/**
 * The four numbers of spec section 3's Org usage that the Usage Summary shows. The call's own
 * contract comes with the analytics endpoints; this reads only what the card needs.
 */
export const organizationUsageSchema = z.object({
  totalRequests: z.number(),
  totalTokens: z.number(),
  totalCost: z.number(),
  lastActive: z.string().nullable(),
});
export type OrganizationUsageSummary = z.infer<typeof organizationUsageSchema>;

/** Spec section 8: a failed org usage gives zeros. */
export const zeroUsage: OrganizationUsageSummary = { totalRequests: 0, totalTokens: 0, totalCost: 0, lastActive: null };

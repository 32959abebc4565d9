import { z } from 'zod';
import { planFeatureKeys } from './plan-features';

/**
 * Spec section 3's Plan. `features` are the lines the pricing page lists: the plan's allowance, the
 * features it includes (`entitlements`, which the server enforces, docs/decisions/041), then its other
 * lines. `contact_sales`: not sold on the page (no Subscribe): arranged with sales (Enterprise).
 */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  billing_cycle: z.string(),
  features: z.array(z.string()),
  entitlements: z.array(z.enum(planFeatureKeys)),
  /** Tokens (input plus output) the plan includes per billing cycle; null: no allowance. */
  tokens_per_cycle: z.number().nullable(),
  contact_sales: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;
export const plansResponseSchema = z.object({ plans: z.array(planSchema) });

/** Shown when the plans call fails (spec section 3). */
export const fallbackPlan: Plan = {
  id: 'free',
  name: 'Free Trial',
  description: 'Try the router and cache with your team.',
  price: 0,
  currency: 'USD',
  billing_cycle: 'monthly',
  features: [],
  entitlements: [],
  tokens_per_cycle: null,
  contact_sales: false,
};

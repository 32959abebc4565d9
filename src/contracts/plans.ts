import { z } from 'zod';

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.string(),
  billing_cycle: z.string(),
  features: z.array(z.string()),
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
};

import { fallbackPlan, plansResponseSchema, type Plan } from '@contracts';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 8: a failed or empty plans call shows the free trial plan. */
export async function getPlans(): Promise<Plan[]> {
  try {
    const answer = await apiRequest('/subscription/plans', { schema: plansResponseSchema, authenticated: false });
    return answer.plans.length > 0 ? answer.plans : [fallbackPlan];
  } catch (error) {
    console.warn('[pricing] plans unavailable, showing the fallback plan', error);
    return [fallbackPlan];
  }
}

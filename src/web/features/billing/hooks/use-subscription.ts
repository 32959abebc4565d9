import type { UsagePeriod } from '@contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrganisationId } from '../../admin/hooks/use-organisation-id';
import { getPlans } from '../../pricing/api/get-plans';
import {
  cancelPlan,
  changePlan,
  getCurrentPlan,
  getUsageBreakdown,
  listInvoices,
  purchasePlan,
  type PlanPaymentFields,
} from '../api/subscription-api';
import { dashboardKeys } from '../../dashboard/hooks/use-dashboard-analytics';
import { walletKeys } from './use-wallet';

export const subscriptionKeys = {
  all: (orgId: string) => ['subscription', orgId] as const,
  plan: (orgId: string) => ['subscription', orgId, 'plan'] as const,
  invoices: (orgId: string) => ['subscription', orgId, 'invoices'] as const,
  usage: (orgId: string, period: UsagePeriod) => ['subscription', orgId, 'usage', period] as const,
};

/** The public plans (the pricing page's query: one cache for both screens). */
export function usePlans() {
  return useQuery({ queryKey: ['subscription', 'plans'], queryFn: getPlans, retry: false });
}

export function useCurrentPlan({ enabled = true }: { enabled?: boolean } = {}) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: subscriptionKeys.plan(orgId),
    queryFn: () => getCurrentPlan(orgId),
    enabled: enabled && orgId !== '',
  });
}

export function useInvoices() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: subscriptionKeys.invoices(orgId),
    queryFn: () => listInvoices(orgId),
    enabled: orgId !== '',
  });
}

export function useUsageBreakdown(period: UsagePeriod) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: subscriptionKeys.usage(orgId, period),
    queryFn: () => getUsageBreakdown(orgId, period),
    enabled: orgId !== '',
  });
}

interface PlanRequest {
  planId: string;
  idempotencyKey: string;
  payment?: PlanPaymentFields;
}

/**
 * Subscribing, changing the plan and cancelling. Each reads the plan, the invoices (a charge is a
 * line) and the wallet again; the plan's answer is kept at once.
 */
export function useSubscriptionMutations() {
  const orgId = useOrganisationId();
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all(orgId) }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all(orgId) }),
    ]);
  const keep = (plan: Awaited<ReturnType<typeof cancelPlan>>) => {
    const { charge: _charge, payment_id: _paymentId, checkout_url: _checkoutUrl, ...current } = plan;
    queryClient.setQueryData(subscriptionKeys.plan(orgId), current);
    return settle();
  };
  return {
    purchase: useMutation({
      mutationFn: ({ planId, idempotencyKey, payment }: PlanRequest) =>
        purchasePlan(orgId, planId, idempotencyKey, payment),
      onSuccess: keep,
    }),
    change: useMutation({
      mutationFn: ({ planId, idempotencyKey, payment }: PlanRequest) =>
        changePlan(orgId, planId, idempotencyKey, payment),
      onSuccess: keep,
    }),
    cancel: useMutation({ mutationFn: () => cancelPlan(orgId), onSuccess: keep }),
  };
}

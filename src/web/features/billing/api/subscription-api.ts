import {
  currentPlanSchema,
  fallbackPlan,
  invoicesResponseSchema,
  subscriptionChangeSchema,
  usageBreakdownSchema,
  type CurrentPlan,
  type UsageBreakdown,
  type UsagePeriod,
} from '@contracts';
import { apiBasePath, apiFileRequest, apiRequest } from '../../../lib/api-client';

const organisationPath = (orgId: string) => encodeURIComponent(orgId);

/** Spec section 8: a plan that failed to load is the Free Trial. */
export const fallbackCurrentPlan: CurrentPlan = {
  ...fallbackPlan,
  tokens_per_cycle: null,
  subscription: null,
  allowance: null,
};

/** Spec section 8: a usage breakdown that failed to load is empty. */
export const emptyUsageBreakdown = (period: UsagePeriod): UsageBreakdown => ({
  period,
  total: { requests: 0, tokens: 0, cost: 0 },
  by_date: [],
  by_model: [],
});

export function getCurrentPlan(orgId: string) {
  return apiRequest(`/subscription/plan/${organisationPath(orgId)}`, { schema: currentPlanSchema });
}

export function getUsageBreakdown(orgId: string, period: UsagePeriod) {
  return apiRequest(`/subscription/usage/${organisationPath(orgId)}?period=${period}`, {
    schema: usageBreakdownSchema,
  });
}

export async function listInvoices(orgId: string) {
  return (await apiRequest(`/subscription/invoices/${organisationPath(orgId)}`, { schema: invoicesResponseSchema }))
    .invoices;
}

/** How a purchase or an upgrade is paid: 'card' (with a test card's number in test mode) or 'wallet' (docs/decisions/040). */
export interface PlanPaymentFields {
  payment_method: 'card' | 'wallet';
  card_number?: string;
}

/** Each purchase and change carries the key of its attempt, so a double click or a retry charges once. */
export function purchasePlan(
  orgId: string,
  planId: string,
  idempotencyKey: string,
  payment: PlanPaymentFields = { payment_method: 'card' },
) {
  return apiRequest('/subscription/purchase', {
    method: 'POST',
    body: { org_id: orgId, plan_id: planId, ...payment },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: subscriptionChangeSchema,
  });
}

/** A downgrade or keeping the plan charges nothing: no payment is sent. */
export function changePlan(orgId: string, planId: string, idempotencyKey: string, payment?: PlanPaymentFields) {
  return apiRequest(`/subscription/update/${organisationPath(orgId)}`, {
    method: 'POST',
    body: { plan_id: planId, ...payment },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: subscriptionChangeSchema,
  });
}

export function cancelPlan(orgId: string) {
  return apiRequest(`/subscription/cancel/${organisationPath(orgId)}`, {
    method: 'POST',
    schema: subscriptionChangeSchema,
  });
}

/** An invoice's `pdf_path` is the API's full path ('/api/subscription/...'). */
export function downloadInvoicePdf(pdfPath: string) {
  const path = pdfPath.startsWith(`${apiBasePath}/`) ? pdfPath.slice(apiBasePath.length) : pdfPath;
  return apiFileRequest(path, 'application/pdf');
}

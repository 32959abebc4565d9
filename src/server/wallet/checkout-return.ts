import type { CheckoutReturn } from './card-payments';

/**
 * Where Stripe Checkout sends the customer back: Billing & Usage, naming our payment, which the
 * page follows until the webhook or reconciliation settles it. Giving up says so.
 */
export function checkoutReturnTo(appUrl: string, paymentId: string): CheckoutReturn {
  const page = `${appUrl.replace(/\/$/, '')}/admin/billing?payment=${encodeURIComponent(paymentId)}`;
  return { successUrl: page, cancelUrl: `${page}&checkout=cancelled` };
}

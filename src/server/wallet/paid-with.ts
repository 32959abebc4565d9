import type { PaymentRow } from './payment-repository';
import { testCardByPaymentMethod } from './test-cards';

/**
 * How a payment was paid, as its receipt says it: the prepaid wallet, a test card by brand and last
 * four digits (test mode: no real money), or a card through Stripe.
 */
export function paidWith(payment: Pick<PaymentRow, 'processor' | 'paymentMethod'>): string {
  if (payment.processor === 'wallet') return 'Prepaid wallet';
  if (payment.processor === 'test') {
    const card = payment.paymentMethod ? testCardByPaymentMethod(payment.paymentMethod) : undefined;
    return card
      ? `${card.brand} •••• ${card.number.slice(-4)} (test card: no real money)`
      : 'Test card (no real money)';
  }
  return 'Card (Stripe)';
}

/** The wallet's saved card as people read it: a test card by brand and last four digits, else Stripe's. */
export function savedCardLabel(paymentMethod: string, testMode: boolean): string {
  const card = testMode ? testCardByPaymentMethod(paymentMethod) : undefined;
  return card ? `${card.brand} •••• ${card.number.slice(-4)}` : 'The card saved with Stripe';
}

/** Where a succeeded payment's receipt is downloaded (the billing scope, with the bearer token). */
export const receiptPath = (orgId: string, paymentId: string) => `/api/wallet/${orgId}/payments/${paymentId}/receipt`;

import type { CardPayments, ChargeOutcome } from './card-payments';
import { testCardByPaymentMethod } from './test-cards';

const needsCard = 'Test mode needs a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.';

/**
 * The built-in test mode (STRIPE_SECRET_KEY unset): Stripe's test cards succeed or are declined as
 * Stripe's would be, at once, and no money moves. Payment ids are ours (test_…), so the outcome is
 * known again from the card alone: a lookup after a crash finds the same answer.
 */
export function createTestModePayments(): CardPayments {
  const outcomeOf = (paymentId: string, paymentMethod: string | undefined): ChargeOutcome => {
    const processorPaymentId = `test_${paymentId}`;
    const card = paymentMethod ? testCardByPaymentMethod(paymentMethod) : undefined;
    if (!card) return { status: 'failed', processorPaymentId, message: needsCard };
    if (card.decline) return { status: 'failed', processorPaymentId, message: card.decline };
    return { status: 'succeeded', processorPaymentId, paymentMethod: card.paymentMethod };
  };
  return {
    testMode: true,
    charge: async (request) => outcomeOf(request.paymentId, request.paymentMethod),
    // The card decides, so a payment left open by a crash comes to what its charge came to.
    lookup: async (payment) => outcomeOf(payment.id, payment.paymentMethod ?? undefined),
  };
}

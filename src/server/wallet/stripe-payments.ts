import Stripe from 'stripe';
import type { CardPayments, ChargeOutcome, ChargeRequest } from './card-payments';

/** Said of a Checkout session that ended without payment. */
const checkoutExpiredMessage = 'The payment page expired without a payment; nothing was charged.';

export interface StripeSettings {
  secretKey: string;
  /** Another API address (a local fake in tests): http://127.0.0.1:12111. */
  apiBase?: string;
}

/** The Stripe client, pointed at `apiBase` when given. Never logs the key. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** A PaymentIntent as our payment's outcome. */
export function outcomeOfIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  switch (intent.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        processorPaymentId: intent.id,
        paymentMethod,
        charged: { cents: BigInt(intent.amount), currency: intent.currency },
      };
    case 'canceled':
      return {
        status: 'failed',
        processorPaymentId: intent.id,
        message: intent.last_payment_error?.message ?? 'The payment was cancelled.',
      };
    case 'requires_payment_method':
      // Confirmed and refused (a declined card) leaves its error; never confirmed leaves none and awaits Stripe.js.
      return intent.last_payment_error
        ? {
            status: 'failed',
            processorPaymentId: intent.id,
            message: intent.last_payment_error.message ?? 'Your card was declined.',
          }
        : { status: 'pending', processorPaymentId: intent.id, clientSecret: intent.client_secret ?? undefined };
    default:
      return { status: 'pending', processorPaymentId: intent.id, clientSecret: intent.client_secret ?? undefined };
  }
}

/**
 * Card payments through Stripe PaymentIntents. Every request that creates something carries an
 * idempotency key derived from our payment (or the organisation, for its customer), so a retry —
 * the client's own, or ours after a crash — never charges twice. The intent's metadata names our
 * payment and organisation: the webhook and the reconciliation job find it by them.
 */
export function createStripePayments(stripe: Stripe): CardPayments {
  return {
    testMode: false,
    async charge(request) {
      if (!request.paymentMethod && request.checkout) return createCheckout(stripe, request, request.checkout);
      const params: Stripe.PaymentIntentCreateParams = {
        amount: Number(request.cents),
        currency: request.currency.toLowerCase(),
        description: request.description,
        metadata: { payment_id: request.paymentId, org_id: request.orgId },
        ...(request.customerId ? { customer: request.customerId } : {}),
      };
      if (request.paymentMethod) {
        Object.assign(params, { payment_method: request.paymentMethod, confirm: true });
        if (request.offSession) params.off_session = true;
        else if (request.customerId) params.setup_future_usage = 'off_session';
      } else if (request.customerId) params.setup_future_usage = 'off_session';
      try {
        return outcomeOfIntent(
          await stripe.paymentIntents.create(params, { idempotencyKey: `wallet-payment-${request.paymentId}` }),
        );
      } catch (error) {
        // A declined card is an answer, not a failure to reach Stripe.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent } | undefined)?.payment_intent;
          return { status: 'failed', processorPaymentId: intent?.id, message: error.message };
        }
        throw error;
      }
    },
    async lookup(payment) {
      if (payment.checkoutSessionId) return lookupCheckout(stripe, payment.checkoutSessionId);
      if (payment.processorPaymentId)
        return outcomeOfIntent(await stripe.paymentIntents.retrieve(payment.processorPaymentId));
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${payment.id}'` });
      const intent = found.data[0];
      return intent ? outcomeOfIntent(intent) : undefined;
    },
    async customerFor(orgId) {
      const customer = await stripe.customers.create(
        { metadata: { org_id: orgId } },
        { idempotencyKey: `wallet-customer-${orgId}` },
      );
      return customer.id;
    },
  };
}

/**
 * Stripe Checkout: the customer pays on Stripe's hosted page, so card data never reaches us. The
 * intent Checkout makes carries our payment in its metadata (the webhook and the reconciliation
 * job find it as any other), and saves the card on the wallet's customer for off-session charges.
 */
async function createCheckout(
  stripe: Stripe,
  request: ChargeRequest,
  back: NonNullable<ChargeRequest['checkout']>,
): Promise<ChargeOutcome> {
  const metadata = { payment_id: request.paymentId, org_id: request.orgId };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: Number(request.cents),
            product_data: { name: request.itemName ?? request.description },
          },
        },
      ],
      payment_intent_data: {
        description: request.description,
        metadata,
        ...(request.customerId ? { setup_future_usage: 'off_session' as const } : {}),
      },
      metadata,
      client_reference_id: request.paymentId,
      ...(request.customerId ? { customer: request.customerId } : {}),
      success_url: back.successUrl,
      cancel_url: back.cancelUrl,
    },
    { idempotencyKey: `wallet-checkout-${request.paymentId}` },
  );
  if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
  return { status: 'pending', checkout: { sessionId: session.id, url: session.url } };
}

/** A Checkout payment as Stripe knows it: open (the customer may still pay, after a declined card too), expired, or paid through its intent. */
async function lookupCheckout(stripe: Stripe, sessionId: string): Promise<ChargeOutcome> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status === 'expired') return { status: 'failed', message: checkoutExpiredMessage };
  const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (session.status === 'complete' && intentId) return outcomeOfIntent(await stripe.paymentIntents.retrieve(intentId));
  return { status: 'pending' };
}

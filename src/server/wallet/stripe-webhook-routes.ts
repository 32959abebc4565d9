import { createRoute } from '@hono/zod-openapi';
import type Stripe from 'stripe';
import { z } from 'zod';
import { isUuid } from '../../contracts';
import { addRoute, answers, createApiRouter } from '../http/api-router';
import { AppError, notFound } from '../http/app-error';
import { findPayment } from './payment-repository';
import { settlePayment } from './settle-payment';
import { outcomeOfIntent } from './stripe-payments';
import type { WalletDependencies } from './wallet-dependencies';

const intentEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
const checkoutEvents = new Set(['checkout.session.completed', 'checkout.session.expired']);

/** Our payment named by a Stripe object's metadata, when it names one. */
function paymentOf(metadata: Stripe.Metadata | null | undefined): { paymentId: string; orgId: string } | undefined {
  const paymentId = metadata?.payment_id;
  const orgId = metadata?.org_id;
  return paymentId && orgId && isUuid(paymentId) && isUuid(orgId) ? { paymentId, orgId } : undefined;
}
const invalidStripeSignature = 'Invalid Stripe signature';

/**
 * Mounted at /billing/stripe/webhook: Stripe's word on a PaymentIntent. The signature is checked on
 * the raw body (STRIPE_WEBHOOK_SECRET) before anything is read from it; a bad one is a 400. The
 * intent's metadata names our payment and organisation, and settling it is idempotent, so an event
 * delivered twice (or after the charge's own answer) credits once.
 */
export function createStripeWebhookRoutes(dependencies: WalletDependencies) {
  const router = createApiRouter();
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Wallet'],
      summary:
        "Stripe's webhook (signed with the Stripe-Signature header): payment_intent.succeeded, payment_failed and canceled, checkout.session.completed and expired settle card payments",
      responses: answers('Received', z.object({ received: z.literal(true) })),
    }),
    async (context) => {
      if (!dependencies.webhooks) throw notFound('Stripe webhooks are not configured on this server');
      const payload = await context.req.text();
      let event: Stripe.Event;
      try {
        event = dependencies.webhooks.constructEvent(payload, context.req.header('stripe-signature') ?? '');
      } catch {
        throw new AppError('validation_failed', invalidStripeSignature);
      }
      const named = intentEvents.has(event.type)
        ? paymentOf((event.data.object as Stripe.PaymentIntent).metadata)
        : checkoutEvents.has(event.type)
          ? paymentOf((event.data.object as Stripe.Checkout.Session).metadata)
          : undefined;
      if (named) await settleNamedPayment(dependencies, event, named);
      return context.json({ received: true as const });
    },
  );
  return router;
}

/**
 * Settles the payment an event names. A Checkout payment is settled from Stripe's own account of its
 * session, never the event's intent: we learn its intent only from the session, a declined card on
 * the page is not the end (the customer may try another), and an intent naming our payment that is
 * not the session's credits nothing. Stripe unreachable: a 5xx, and Stripe sends the event again.
 */
async function settleNamedPayment(
  dependencies: WalletDependencies,
  event: Stripe.Event,
  named: { paymentId: string; orgId: string },
): Promise<void> {
  const { db, logger, payments, plans } = dependencies;
  const payment = await findPayment(db, named.orgId, named.paymentId);
  if (!payment) {
    logger.warn(
      { eventId: event.id, paymentId: named.paymentId },
      'a Stripe event named a payment this server does not have',
    );
    return;
  }
  if (payment.checkoutSessionId) {
    const outcome = await payments.lookup(payment);
    if (outcome) await settlePayment(db, logger, named.orgId, named.paymentId, outcome, plans);
    return;
  }
  if (!intentEvents.has(event.type)) return;
  await settlePayment(
    db,
    logger,
    named.orgId,
    named.paymentId,
    outcomeOfIntent(event.data.object as Stripe.PaymentIntent),
    plans,
  );
}

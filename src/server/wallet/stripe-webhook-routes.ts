import { createRoute } from '@hono/zod-openapi';
import type Stripe from 'stripe';
import { z } from 'zod';
import { isUuid } from '../../contracts';
import { addRoute, answers, createApiRouter } from '../http/api-router';
import { AppError, notFound } from '../http/app-error';
import { settlePayment } from './settle-payment';
import { outcomeOfIntent } from './stripe-payments';
import type { WalletDependencies } from './wallet-dependencies';

const intentEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
export const invalidStripeSignature = 'Invalid Stripe signature';

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
      summary: "Stripe's webhook (signed with the Stripe-Signature header): payment_intent.succeeded, payment_failed and canceled settle top-ups",
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
      if (intentEvents.has(event.type)) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const paymentId = intent.metadata?.payment_id;
        const orgId = intent.metadata?.org_id;
        if (paymentId && orgId && isUuid(paymentId) && isUuid(orgId)) {
          const settled = await settlePayment(dependencies.db, dependencies.logger, orgId, paymentId, outcomeOfIntent(intent));
          if (!settled) dependencies.logger.warn({ eventId: event.id, paymentId }, 'a Stripe event named a payment this server does not have');
        }
      }
      return context.json({ received: true as const });
    },
  );
  return router;
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  billingIdempotencyHeaderSchema,
  currentPlanSchema,
  invoicePdfPathSchema,
  invoicesResponseSchema,
  organisationUsageQuerySchema,
  purchaseSubscriptionRequestSchema,
  subscriptionChangeSchema,
  subscriptionOrganisationPathSchema,
  updateSubscriptionRequestSchema,
  usageBreakdownSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, errorAnswer, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import type { BillingDependencies } from './billing-dependencies';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { listOrganisationInvoices, organisationInvoice } from './invoice-service';
import { findOrganisationName } from './subscription-repository';
import { cancelSubscription, currentPlan, purchaseSubscription, updateSubscriptionPlan } from './subscription-service';
import { usageBreakdown } from './usage-breakdown-service';

const tags = ['Subscription'];
/** With Stripe: the change waits for its payment (checkout_url when the customer pays on Stripe Checkout); nothing changed yet. */
const awaitingPayment = {
  202: { description: 'Awaiting the payment', content: { 'application/json': { schema: subscriptionChangeSchema } } },
};

/**
 * Mounted at /subscription beside the public plans (spec section 7): the billing scope only,
 * administrators and billing managers (section 6), each route guarding itself so /plans stays public.
 */
export function createSubscriptionRoutes(dependencies: BillingDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  const billingScope = [signedIn, requireScope('billing')];
  const ownOrganisation = [...billingScope, requireOwnOrganisation()];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/plan/{orgId}',
      tags,
      summary: 'The current plan with its subscription; the Free Trial when there is none',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: subscriptionOrganisationPathSchema },
      responses: answers('The current plan', currentPlanSchema),
    }),
    async (context) => context.json(await currentPlan(dependencies, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/purchase',
      tags,
      summary:
        "Subscribe the caller's organisation to a plan: a period starts today and its price is charged; once per Idempotency-Key. With Stripe, 202 until paid",
      security: signedInSecurity,
      middleware: billingScope,
      request: { headers: billingIdempotencyHeaderSchema, body: jsonBody(purchaseSubscriptionRequestSchema) },
      responses: { ...answers('Subscribed', subscriptionChangeSchema, 201), ...awaitingPayment },
    }),
    async (context) => {
      const { change, awaitingPayment } = await purchaseSubscription(
        dependencies,
        context.get('caller'),
        context.req.valid('json'),
        context.req.valid('header')['idempotency-key'],
      );
      return context.json(change, awaitingPayment ? 202 : 201);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/update/{orgId}',
      tags,
      summary:
        'Change the plan: an upgrade now, charging the prorated difference for the days left; a downgrade at the period end; once per Idempotency-Key',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: {
        params: subscriptionOrganisationPathSchema,
        headers: billingIdempotencyHeaderSchema,
        body: jsonBody(updateSubscriptionRequestSchema),
      },
      responses: { ...answers('The plan after the change', subscriptionChangeSchema), ...awaitingPayment },
    }),
    async (context) => {
      const { change, awaitingPayment } = await updateSubscriptionPlan(
        dependencies,
        context.get('caller'),
        context.req.valid('json'),
        context.req.valid('header')['idempotency-key'],
      );
      return context.json(change, awaitingPayment ? 202 : 200);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/cancel/{orgId}',
      tags,
      summary: 'Cancel: the plan holds to the end of the period, then the Free Trial',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: subscriptionOrganisationPathSchema },
      responses: answers('The plan, cancelled at the period end', subscriptionChangeSchema),
    }),
    async (context) => context.json(await cancelSubscription(dependencies, context.get('caller'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/usage/{orgId}',
      tags,
      summary: 'Usage breakdown over a period: total, by day and by model',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: subscriptionOrganisationPathSchema, query: organisationUsageQuerySchema },
      responses: answers('The usage', usageBreakdownSchema),
    }),
    async (context) =>
      context.json(
        await usageBreakdown(
          dependencies.db,
          dependencies.catalog,
          context.get('caller').orgId,
          context.req.valid('query').period,
        ),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/invoices/{orgId}',
      tags,
      summary: "The organisation's invoices, newest first: the open period's draft, then the issued ones",
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: subscriptionOrganisationPathSchema },
      responses: answers('The invoices', invoicesResponseSchema),
    }),
    async (context) =>
      context.json({ invoices: await listOrganisationInvoices(dependencies, context.get('caller').orgId) }),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/invoices/{orgId}/{invoiceId}/pdf',
      tags,
      summary: 'One invoice as a PDF download',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: invoicePdfPathSchema },
      responses: {
        200: {
          description: 'The invoice',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        default: errorAnswer,
      },
    }),
    async (context) => {
      const orgId = context.get('caller').orgId;
      const invoice = await organisationInvoice(dependencies, orgId, context.req.valid('param').invoiceId);
      const pdf = await renderInvoicePdf({
        invoice,
        organisationName: (await findOrganisationName(dependencies.db, orgId)) ?? '',
        applicationName: 'Tokenwise',
      });
      return new Response(new Uint8Array(pdf), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
          'cache-control': 'no-store',
        },
      });
    },
  );
  return router;
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  idempotencyKeyHeaderSchema,
  topUpRequestSchema,
  topUpResultSchema,
  updateWalletSettingsRequestSchema,
  usageProjectionSchema,
  walletBalanceSchema,
  walletPathSchema,
  walletPaymentPathSchema,
  walletPaymentSchema,
  walletTransactionPathSchema,
  walletTransactionSchema,
  walletTransactionsQuerySchema,
  walletTransactionsSchema,
} from '../../contracts';
import { z } from 'zod';
import { addRoute, answers, createApiRouter, errorAnswer, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { paymentReceipt } from './receipt-service';
import { topUpByRequest } from './top-up-request';
import type { WalletDependencies } from './wallet-dependencies';
import {
  updateWalletSettings,
  usageProjection,
  walletBalance,
  walletPayment,
  walletTransaction,
  walletTransactions,
} from './wallet-service';

const tags = ['Wallet'];

/** Mounted at /wallet (spec section 7): the billing scope only, administrators and billing managers (section 6). */
export function createWalletRoutes(dependencies: WalletDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn, requireScope('billing'));
  const ownOrganisation = [requireOwnOrganisation()];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/balance',
      tags,
      summary: 'The balance with its settings (spec section 3); test_mode when no real money moves',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPathSchema },
      responses: answers('The wallet', walletBalanceSchema),
    }),
    async (context) => context.json(await walletBalance(dependencies, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/transactions',
      tags,
      summary: "A page of the wallet's ledger, newest first",
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPathSchema, query: walletTransactionsQuerySchema },
      responses: answers('The transactions', walletTransactionsSchema),
    }),
    async (context) => {
      const { page = 1, limit = 20 } = context.req.valid('query');
      return context.json(await walletTransactions(dependencies, context.get('caller').orgId, page, limit));
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/usage-projection',
      tags,
      summary: 'Days until the wallet is empty at the average daily usage of the last 7 days',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPathSchema },
      responses: answers('The projection', usageProjectionSchema),
    }),
    async (context) => context.json(await usageProjection(dependencies, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{orgId}/settings',
      tags,
      summary: 'Change the minimum top-up and auto-reload; answers the balance with its settings (audited)',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPathSchema, body: jsonBody(updateWalletSettingsRequestSchema) },
      responses: answers('The wallet', walletBalanceSchema),
    }),
    async (context) =>
      context.json(await updateWalletSettings(dependencies, context.get('caller'), context.req.valid('json'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/topup',
      tags,
      summary:
        'Top up by card, once per Idempotency-Key: 200 credited, 202 pending (checkout_url: pay on Stripe Checkout), 402 declined',
      security: signedInSecurity,
      request: { headers: idempotencyKeyHeaderSchema, body: jsonBody(topUpRequestSchema) },
      responses: {
        ...answers('Credited', topUpResultSchema),
        202: { description: 'Pending', content: { 'application/json': { schema: topUpResultSchema } } },
      },
    }),
    async (context) => {
      const { result, status } = await topUpByRequest(
        dependencies,
        context.get('caller'),
        context.req.valid('json'),
        context.req.valid('header')['idempotency-key'],
      );
      return context.json(result, status);
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/payments/{paymentId}',
      tags,
      summary:
        'One card payment (a top-up or a plan) as it stands: processing, pending (checkout_url), succeeded with its credit, or failed',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPaymentPathSchema },
      responses: answers('The payment', walletPaymentSchema),
    }),
    async (context) =>
      context.json(
        await walletPayment(dependencies, context.get('caller').orgId, context.req.valid('param').paymentId),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/payments/{paymentId}/receipt',
      tags,
      summary: 'The receipt of a succeeded payment (a top-up, or a plan paid by card or from the wallet) as a PDF',
      security: signedInSecurity,
      middleware: ownOrganisation,
      request: { params: walletPaymentPathSchema },
      responses: {
        200: {
          description: 'The receipt',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        default: errorAnswer,
      },
    }),
    async (context) => {
      const receipt = await paymentReceipt(
        dependencies.db,
        context.get('caller').orgId,
        context.req.valid('param').paymentId,
        'Tokenwise',
      );
      return new Response(new Uint8Array(receipt.pdf), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${receipt.fileName}"`,
          'cache-control': 'no-store',
        },
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/transaction/{id}',
      tags,
      summary: "One transaction of the caller's organisation",
      security: signedInSecurity,
      request: { params: walletTransactionPathSchema },
      responses: answers('The transaction', walletTransactionSchema),
    }),
    async (context) =>
      context.json(await walletTransaction(dependencies, context.get('caller').orgId, context.req.valid('param').id)),
  );
  return router;
}

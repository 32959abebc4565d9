import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  analyticsOrganisationPathSchema,
  modelAnalyticsQuerySchema,
  modelAnalyticsSchema,
  organisationUsageQuerySchema,
  organisationUsageSchema,
  subscriptionAnalyticsQuerySchema,
  subscriptionAnalyticsSchema,
  isAdministrator,
  type Scope,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../http/api-router';
import { type AppEnv, type Caller, callerAccess } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { modelAnalytics } from './model-analytics-service';
import { organisationUsage } from './organisation-usage-service';
import { subscriptionAnalytics } from './subscription-analytics-service';
import type { KeyViewer } from './usage-filter';

export interface AnalyticsDependencies {
  db: Executor;
  catalog: readonly CatalogModel[];
}

/** Administrators may filter by any of the organisation's keys; others by their own (docs/decisions/061). */
function keyViewerOf(caller: Caller): KeyViewer {
  return isAdministrator(callerAccess(caller)) ? { everyKey: true } : { everyKey: false, userId: caller.userId };
}

function guardedRouter(signedIn: MiddlewareHandler<AppEnv>, scope: Scope) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope(scope));
  return router;
}

/**
 * Mounted at /subscription/analytics/:orgId: the admin dashboard. The billing scope (spec section
 * 6: /subscription is the billing area), so administrators and billing managers.
 */
export function createSubscriptionAnalyticsRoutes(
  dependencies: AnalyticsDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = guardedRouter(signedIn, 'billing');
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Subscription'],
      summary:
        "The dashboard's analytics: the billing cycle's usage by model and day, and cost against the reference model",
      security: signedInSecurity,
      request: { params: analyticsOrganisationPathSchema, query: subscriptionAnalyticsQuerySchema },
      responses: answers('The analytics', subscriptionAnalyticsSchema),
    }),
    async (context) =>
      context.json(
        await subscriptionAnalytics(
          dependencies.db,
          dependencies.catalog,
          context.get('caller').orgId,
          keyViewerOf(context.get('caller')),
          context.req.valid('query'),
        ),
      ),
  );
  return router;
}

/** Mounted at /org/:orgId/usage: the Organization page's Usage Summary, administrators only. */
export function createOrganisationUsageRoutes(
  dependencies: AnalyticsDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = guardedRouter(signedIn, 'admin');
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Organisation'],
      summary: "The organisation's requests, tokens and cost by model and month, over a period",
      security: signedInSecurity,
      request: { params: analyticsOrganisationPathSchema, query: organisationUsageQuerySchema },
      responses: answers('The usage', organisationUsageSchema),
    }),
    async (context) =>
      context.json(
        await organisationUsage(
          dependencies.db,
          dependencies.catalog,
          context.get('caller').orgId,
          context.req.valid('query').period,
        ),
      ),
  );
  return router;
}

/** Mounted at /org/:orgId/model-analytics: /admin/models, for administrators and model managers. */
export function createModelAnalyticsRoutes(dependencies: AnalyticsDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = guardedRouter(signedIn, 'model-management');
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Organisation'],
      summary:
        'Per model: requests, tokens, cost, success rate, p50 latency and time to first token, Auto share, cache hits and savings',
      security: signedInSecurity,
      request: { params: analyticsOrganisationPathSchema, query: modelAnalyticsQuerySchema },
      responses: answers('The model analytics', modelAnalyticsSchema),
    }),
    async (context) =>
      context.json(
        await modelAnalytics(
          dependencies.db,
          dependencies.catalog,
          context.get('caller').orgId,
          keyViewerOf(context.get('caller')),
          context.req.valid('query'),
        ),
      ),
  );
  return router;
}

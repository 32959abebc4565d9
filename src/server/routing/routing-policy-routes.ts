import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  routingOrganisationPathSchema,
  routingPolicyResponseSchema,
  updateRoutingPolicyRequestSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import {
  describeRoutingPolicy,
  resetRoutingCalibration,
  updateRoutingPolicy,
  type RoutingPolicyDependencies,
} from './policy-service';

const tags = ['Routing'];

/** Mounted at /org/:orgId/routing-policy: the organisation's admins and model managers. */
export function createRoutingPolicyRoutes(
  dependencies: RoutingPolicyDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('model-management'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The organisation's routing policy and what it resolves to now",
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema },
      responses: answers('The policy', routingPolicyResponseSchema),
    }),
    async (context) => context.json(await describeRoutingPolicy(dependencies, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/',
      tags,
      summary: 'Change any part of the routing policy',
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema, body: jsonBody(updateRoutingPolicyRequestSchema) },
      responses: answers('The policy', routingPolicyResponseSchema),
    }),
    async (context) =>
      context.json(await updateRoutingPolicy(dependencies, context.get('caller'), context.req.valid('json'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/calibration',
      tags,
      summary: "Reset the router's and the cache's calibration from the organisation's feedback (administrators only)",
      security: signedInSecurity,
      request: { params: routingOrganisationPathSchema },
      middleware: [requireScope('admin')],
      responses: answers('The policy, its calibration reset', routingPolicyResponseSchema),
    }),
    async (context) => context.json(await resetRoutingCalibration(dependencies, context.get('caller'))),
  );
  return router;
}

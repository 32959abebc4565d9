import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { organisationModelsPathSchema, organisationModelsResponseSchema } from '../../contracts';
import { addRoute, answers, createApiRouter, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { listOrganisationModels, type OrganisationModelsDependencies } from './organisation-models';

/** Mounted at /org/:orgId/models behind sign-in: the organisation's admins, who manage roles and the default model. */
export function createOrganisationModelRoutes(
  dependencies: OrganisationModelsDependencies,
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Provider keys'],
      summary: 'Every catalog model and whether the organisation can reach it (a key for its provider)',
      security: signedInSecurity,
      request: { params: organisationModelsPathSchema },
      responses: answers('The models', organisationModelsResponseSchema),
    }),
    async (context) => context.json(await listOrganisationModels(dependencies, context.get('caller').orgId)),
  );
  return router;
}

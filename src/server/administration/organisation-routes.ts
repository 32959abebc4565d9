import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  inviteUserRequestSchema,
  inviteUserResponseSchema,
  organisationPathSchema,
  organisationSchema,
  updateOrganisationRequestSchema,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import { addAuditRoutes } from '../organisations/audit-routes';
import type { AuthDependencies } from '../auth/auth-dependencies';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { addOrganisationUserRoutes } from './organisation-user-routes';
import { inviteUser } from './invitation-service';
import { addOrganisationSettingsRoutes } from '../organisations/organisation-settings-routes';
import { getOrganisation, updateOrganisation } from '../organisations/organisation-service';

const tags = ['Organisation'];

/** Mounted at /org: one router, so one sign-in check, for every organisation call below it. */
export function createOrganisationRoutes(
  dependencies: AuthDependencies,
  catalog: readonly CatalogModel[],
  signedIn: MiddlewareHandler<AppEnv>,
) {
  const router = createApiRouter();
  router.use(signedIn);
  const { db } = dependencies;
  // Before '/{orgId}', which would take 'me' for an (ill-formed) organisation id.
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/me',
      tags,
      summary: "The caller's organisation with its numbers of people and roles (scope admin: the Organization page)",
      security: signedInSecurity,
      middleware: [requireScope('admin')],
      responses: answers('The organisation', organisationSchema),
    }),
    async (context) => context.json(await getOrganisation(db, context.get('caller').orgId)),
  );
  const ownAdmin = [requireOwnOrganisation(), requireScope('admin')];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}',
      tags,
      summary: 'The organisation (scope admin)',
      security: signedInSecurity,
      middleware: ownAdmin,
      request: { params: organisationPathSchema },
      responses: answers('The organisation', organisationSchema),
    }),
    async (context) => context.json(await getOrganisation(db, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{orgId}',
      tags,
      summary: "Change the organisation's details (scope admin); fields left out stay as they are",
      security: signedInSecurity,
      middleware: ownAdmin,
      request: { params: organisationPathSchema, body: jsonBody(updateOrganisationRequestSchema) },
      responses: answers('The organisation', organisationSchema),
    }),
    async (context) => context.json(await updateOrganisation(db, context.get('caller'), context.req.valid('json'))),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/{orgId}/users/invite',
      tags,
      summary: 'Invite someone into the organisation with a role (scope user-management)',
      security: signedInSecurity,
      middleware: [requireOwnOrganisation(), requireScope('user-management')],
      request: { params: organisationPathSchema, body: jsonBody(inviteUserRequestSchema) },
      responses: answers('The invited user', inviteUserResponseSchema, 201),
    }),
    async (context) =>
      context.json(await inviteUser(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  addOrganisationUserRoutes(router, dependencies);
  addOrganisationSettingsRoutes(router, { db, catalog });
  addAuditRoutes(router, db);
  return router;
}

import { createRoute } from '@hono/zod-openapi';
import {
  organisationBrandingResponseSchema,
  organisationPathSchema,
  organisationSettingsSchema,
  updateOrganisationSettingsRequestSchema,
} from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Database } from '../db/database';
import { addRoute, answers, jsonBody, signedInSecurity, type ApiRouter } from '../http/api-router';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { getOrganisationSettings, updateOrganisationSettings } from './organisation-settings-service';

const tags = ['Organisation'];

/**
 * GET and PUT /org/{orgId}/settings: scope admin (spec section 2, /admin/organization); and the
 * branding every member's screens show, GET /org/me/branding.
 */
export function addOrganisationSettingsRoutes(
  router: ApiRouter,
  dependencies: { db: Database; catalog: readonly CatalogModel[] },
) {
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/me/branding',
      tags,
      summary:
        "The application name, primary colour and logo of the caller's organisation, for every member (section 9's defaults where it set none)",
      security: signedInSecurity,
      responses: answers('The branding', organisationBrandingResponseSchema),
    }),
    async (context) =>
      context.json({
        branding: (await getOrganisationSettings(dependencies.db, context.get('caller').orgId)).branding,
      }),
  );
  const ownAdmin = [requireOwnOrganisation(), requireScope('admin')];
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/{orgId}/settings',
      tags,
      summary: "The organisation's settings, the defaults where it saved none (scope admin)",
      security: signedInSecurity,
      middleware: ownAdmin,
      request: { params: organisationPathSchema },
      responses: answers('The settings', organisationSettingsSchema),
    }),
    async (context) => context.json(await getOrganisationSettings(dependencies.db, context.get('caller').orgId)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{orgId}/settings',
      tags,
      summary: 'Change any of the settings, security and branding field by field (scope admin)',
      security: signedInSecurity,
      middleware: ownAdmin,
      request: { params: organisationPathSchema, body: jsonBody(updateOrganisationSettingsRequestSchema) },
      responses: answers('The settings', organisationSettingsSchema),
    }),
    async (context) =>
      context.json(
        await updateOrganisationSettings(
          dependencies,
          context.get('caller'),
          context.req.valid('json'),
          context.get('clientAddress'),
        ),
      ),
  );
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  createdScimTokenSchema,
  createScimTokenRequestSchema,
  scimTokenListSchema,
  scimTokenPathSchema,
  singleSignOnPathSchema,
  successResponseSchema,
} from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import { createScimToken, listOrganisationScimTokens, revokeOrganisationScimToken } from './scim-token-service';

const tags = ['SCIM provisioning'];
const security = signedInSecurity;

/** Mounted at /org/:orgId/scim-tokens behind sign-in: the organisation's administrators only. */
export function createScimTokenRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The organisation's SCIM tokens (never the tokens themselves)",
      security,
      request: { params: singleSignOnPathSchema },
      responses: answers('The tokens', scimTokenListSchema),
    }),
    async (context) => context.json({ tokens: await listOrganisationScimTokens(db, context.get('caller').orgId) }),
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create a bearer token for the directory; the token is answered this once',
      security,
      request: { params: singleSignOnPathSchema, body: jsonBody(createScimTokenRequestSchema) },
      responses: answers('The new token', createdScimTokenSchema, 201),
    }),
    async (context) =>
      context.json(await createScimToken(db, context.get('caller'), context.req.valid('json').name), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{tokenId}',
      tags,
      summary: 'Revoke a SCIM token',
      security,
      request: { params: scimTokenPathSchema },
      responses: answers('Revoked', successResponseSchema),
    }),
    async (context) => {
      await revokeOrganisationScimToken(db, context.get('caller'), context.req.valid('param').tokenId);
      return context.json({ success: true });
    },
  );
  return router;
}

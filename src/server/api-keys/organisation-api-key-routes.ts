import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeyResponseSchema,
  createServiceApiKeyRequestSchema,
  createdApiKeySchema,
  organisationApiKeyPathSchema,
  organisationApiKeysPathSchema,
  updateApiKeyRequestSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import type { ApiKeyDependencies } from './api-key-dependencies';
import { listKeys, revokeKey, updateKey } from './api-key-service';
import { createServiceApiKey } from './create-api-key';

const tags = ['API keys'];

/**
 * Mounted at /org/:orgId/api-keys: every key of the organisation, people's and service keys, for
 * its administrators (scope admin; user managers have no say over keys, docs/decisions/049).
 */
export function createOrganisationApiKeyRoutes(dependencies: ApiKeyDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "Every API key of the organisation: who, role, budget, this month's usage, last use (scope admin)",
      security: signedInSecurity,
      request: { params: organisationApiKeysPathSchema, query: apiKeyListQuerySchema },
      responses: answers('The keys', apiKeyListSchema),
    }),
    async (context) => {
      const includeRevoked = context.req.valid('query').include_revoked === 'true';
      return context.json({
        keys: await listKeys(dependencies, context.get('caller'), 'organisation', includeRevoked),
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        'Create a service key bound to a role, with no person behind it (scope admin); its secret is in this answer only',
      security: signedInSecurity,
      request: { params: organisationApiKeysPathSchema, body: jsonBody(createServiceApiKeyRequestSchema) },
      responses: answers('The key and its secret', createdApiKeySchema, 201),
    }),
    async (context) =>
      context.json(await createServiceApiKey(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{keyId}',
      tags,
      summary: "Change any key's name, monthly budget or cache setting (scope admin)",
      security: signedInSecurity,
      request: { params: organisationApiKeyPathSchema, body: jsonBody(updateApiKeyRequestSchema) },
      responses: answers('The key', apiKeyResponseSchema),
    }),
    async (context) => {
      const { keyId } = context.req.valid('param');
      const key = await updateKey(
        dependencies,
        context.get('caller'),
        'organisation',
        keyId,
        context.req.valid('json'),
      );
      return context.json({ key });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{keyId}',
      tags,
      summary: "Revoke any key of the organisation, someone else's included (scope admin)",
      security: signedInSecurity,
      request: { params: organisationApiKeyPathSchema },
      responses: answers('The revoked key', apiKeyResponseSchema),
    }),
    async (context) => {
      const { keyId } = context.req.valid('param');
      return context.json({ key: await revokeKey(dependencies, context.get('caller'), 'organisation', keyId) });
    },
  );
  return router;
}

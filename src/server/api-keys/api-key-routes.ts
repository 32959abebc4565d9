import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeyPathSchema,
  apiKeyResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  updateApiKeyRequestSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import type { ApiKeyDependencies } from './api-key-dependencies';
import { listKeys, revokeKey, updateKey } from './api-key-service';
import { createPersonalApiKey } from './create-api-key';

const tags = ['API keys'];

/** Mounted at /api-keys behind sign-in: anyone's own keys, which act as them (docs/decisions/049). */
export function createOwnApiKeyRoutes(dependencies: ApiKeyDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The caller's own API keys, newest first, with this month's usage (revoked ones on request)",
      security: signedInSecurity,
      request: { query: apiKeyListQuerySchema },
      responses: answers('The keys', apiKeyListSchema),
    }),
    async (context) => {
      const includeRevoked = context.req.valid('query').include_revoked === 'true';
      return context.json({ keys: await listKeys(dependencies, context.get('caller'), 'own', includeRevoked) });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Create an API key acting as the caller; its secret is in this answer only',
      security: signedInSecurity,
      request: { body: jsonBody(createApiKeyRequestSchema) },
      responses: answers('The key and its secret', createdApiKeySchema, 201),
    }),
    async (context) =>
      context.json(await createPersonalApiKey(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{keyId}',
      tags,
      summary: "Change one of the caller's keys: name, monthly budget, cache",
      security: signedInSecurity,
      request: { params: apiKeyPathSchema, body: jsonBody(updateApiKeyRequestSchema) },
      responses: answers('The key', apiKeyResponseSchema),
    }),
    async (context) => {
      const { keyId } = context.req.valid('param');
      const key = await updateKey(dependencies, context.get('caller'), 'own', keyId, context.req.valid('json'));
      return context.json({ key });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{keyId}',
      tags,
      summary: "Revoke one of the caller's keys: refused from the next request on",
      security: signedInSecurity,
      request: { params: apiKeyPathSchema },
      responses: answers('The revoked key', apiKeyResponseSchema),
    }),
    async (context) => {
      const key = await revokeKey(dependencies, context.get('caller'), 'own', context.req.valid('param').keyId);
      return context.json({ key });
    },
  );
  return router;
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  keyedProviders,
  providerKeyListSchema,
  providerKeyPathSchema,
  providerKeysPathSchema,
  providerKeyViewSchema,
  setProviderKeyRequestSchema,
  successResponseSchema,
  type KeyedProvider,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import { notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../http/access/require-scope';
import {
  listOrganisationKeys,
  removeOrganisationKey,
  setOrganisationKey,
  type ProviderKeyDependencies,
} from './provider-key-service';

function providerParameter(value: string): KeyedProvider {
  const provider = keyedProviders.find((candidate) => candidate === value);
  if (!provider) throw notFound('Unknown provider');
  return provider;
}

const tags = ['Provider keys'];
const provider = `one of ${keyedProviders.join(', ')}`;

/** Mounted at /org/:orgId/provider-keys behind sign-in: the organisation's admins only. */
export function createProviderKeyRoutes(dependencies: ProviderKeyDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn, requireOwnOrganisation(), requireScope('admin'));
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The organisation's own keys (hints only)",
      security: signedInSecurity,
      request: { params: providerKeysPathSchema },
      responses: answers('The keys', providerKeyListSchema),
    }),
    async (context) => context.json({ keys: await listOrganisationKeys(dependencies, context.get('caller').orgId) }),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/{provider}',
      tags,
      summary: `Set the organisation's key for a provider (${provider})`,
      security: signedInSecurity,
      request: { params: providerKeyPathSchema, body: jsonBody(setProviderKeyRequestSchema) },
      responses: answers('The stored key', providerKeyViewSchema),
    }),
    async (context) => {
      const provider = providerParameter(context.req.valid('param').provider);
      return context.json(
        await setOrganisationKey(dependencies, context.get('caller').orgId, provider, context.req.valid('json')),
      );
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/{provider}',
      tags,
      summary: `Remove the organisation's key for a provider (${provider})`,
      security: signedInSecurity,
      request: { params: providerKeyPathSchema },
      responses: answers('Removed', successResponseSchema),
    }),
    async (context) => {
      await removeOrganisationKey(
        dependencies,
        context.get('caller').orgId,
        providerParameter(context.req.valid('param').provider),
      );
      return context.json({ success: true });
    },
  );
  return router;
}

import { Hono, type MiddlewareHandler } from 'hono';
import { keyedProviders, setProviderKeyRequestSchema, type KeyedProvider } from '../../contracts';
import { notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { requireOwnOrganisation, requireScope } from '../roles/require-scope';
import { listOrganisationKeys, removeOrganisationKey, setOrganisationKey, type ProviderKeyDependencies } from './provider-key-service';

function providerParameter(value: string): KeyedProvider {
  const provider = keyedProviders.find((candidate) => candidate === value);
  if (!provider) throw notFound('Unknown provider');
  return provider;
}

/** Mounted at /org/:orgId/provider-keys behind sign-in: the organisation's admins only. */
export function createProviderKeyRoutes(dependencies: ProviderKeyDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn, requireOwnOrganisation(), requireScope('admin'))
    .get('/', async (context) => context.json({ keys: await listOrganisationKeys(dependencies, context.get('caller').orgId) }))
    .put('/:provider', async (context) => {
      const provider = providerParameter(context.req.param('provider'));
      const input = await readJson(context, setProviderKeyRequestSchema);
      return context.json(await setOrganisationKey(dependencies, context.get('caller').orgId, provider, input));
    })
    .delete('/:provider', async (context) => {
      await removeOrganisationKey(dependencies, context.get('caller').orgId, providerParameter(context.req.param('provider')));
      return context.json({ success: true });
    });
}

import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { requireScimToken, type ScimEnv } from './scim-authentication';
import type { ScimDependencies } from './scim-dependencies';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { ScimError } from './scim-errors';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './scim-group-service';
import { listResponse } from './scim-resources';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
  type ListQuery,
} from './scim-user-service';

type Env = ScimEnv & { Variables: { logger?: Logger; requestId?: string } };

const scimJson = (context: Context, body: unknown, status: ContentfulStatusCode = 200) =>
  context.body(JSON.stringify(body), status, { 'Content-Type': 'application/scim+json; charset=utf-8' });

/** A body as SCIM clients send it: application/scim+json or application/json. */
async function readBody(context: Context): Promise<unknown> {
  const text = await context.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ScimError(400, 'The request body is not JSON', 'invalidSyntax');
  }
}

const listQuery = (context: Context): ListQuery => ({
  filter: context.req.query('filter'),
  startIndex: context.req.query('startIndex'),
  count: context.req.query('count'),
  attributes: context.req.query('attributes'),
  excludedAttributes: context.req.query('excludedAttributes'),
});

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2: Users and Groups for an organisation's directory (Okta, Entra
 * ID, Google, Keycloak, Authentik), authenticated by a bearer token an administrator created.
 * Every change is applied, and audited, within the request. Errors use the SCIM error schema.
 */
export function createScimRoutes(dependencies: ScimDependencies, options: { maxBodyBytes: number }) {
  const router = new Hono<Env>();
  router.onError((error, context) => {
    if (error instanceof ScimError) return scimJson(context, error.toBody(), error.status as ContentfulStatusCode);
    context.get('logger')?.error({ err: error }, 'SCIM request failed');
    return scimJson(context, new ScimError(500, 'Internal server error').toBody(), 500);
  });
  router.use(async (context, next) => {
    await next();
    context.header('Cache-Control', 'no-store');
  });
  router.use(
    bodyLimit({
      maxSize: options.maxBodyBytes,
      onError: () => {
        throw new ScimError(413, 'The request body is too large');
      },
    }),
  );
  router.use(requireScimToken(dependencies));
  const baseUrl = () => dependencies.baseUrl();
  const client = (context: Context<Env>) => context.get('scimClient');

  router.get('/ServiceProviderConfig', (context) => scimJson(context, serviceProviderConfig(baseUrl())));
  router.get('/ResourceTypes', (context) => {
    const types = resourceTypes(baseUrl());
    return scimJson(context, listResponse(types, types.length, 1));
  });
  router.get('/ResourceTypes/:id', (context) => {
    const found = resourceTypes(baseUrl()).find((type) => type.id === context.req.param('id'));
    if (!found) throw new ScimError(404, 'No such resource type');
    return scimJson(context, found);
  });
  router.get('/Schemas', (context) => {
    const all = schemas(baseUrl());
    return scimJson(context, listResponse(all, all.length, 1));
  });
  router.get('/Schemas/:id', (context) => {
    const found = schemas(baseUrl()).find((schema) => schema.id === context.req.param('id'));
    if (!found) throw new ScimError(404, 'No such schema');
    return scimJson(context, found);
  });

  router.get('/Users', async (context) =>
    scimJson(context, await listUsers(dependencies, client(context), listQuery(context))),
  );
  router.post('/Users', async (context) =>
    scimJson(context, await createUser(dependencies, client(context), await readBody(context)), 201),
  );
  router.get('/Users/:id', async (context) =>
    scimJson(context, await getUser(dependencies, client(context), context.req.param('id'))),
  );
  router.put('/Users/:id', async (context) =>
    scimJson(
      context,
      await replaceUser(dependencies, client(context), context.req.param('id'), await readBody(context)),
    ),
  );
  router.patch('/Users/:id', async (context) =>
    scimJson(context, await patchUser(dependencies, client(context), context.req.param('id'), await readBody(context))),
  );
  router.delete('/Users/:id', async (context) => {
    await deleteUser(dependencies, client(context), context.req.param('id'));
    return context.body(null, 204);
  });

  router.get('/Groups', async (context) =>
    scimJson(context, await listGroups(dependencies, client(context), listQuery(context))),
  );
  router.post('/Groups', async (context) =>
    scimJson(context, await createGroup(dependencies, client(context), await readBody(context)), 201),
  );
  router.get('/Groups/:id', async (context) =>
    scimJson(context, await getGroup(dependencies, client(context), context.req.param('id'))),
  );
  router.put('/Groups/:id', async (context) =>
    scimJson(
      context,
      await replaceGroup(dependencies, client(context), context.req.param('id'), await readBody(context)),
    ),
  );
  router.patch('/Groups/:id', async (context) => {
    await patchGroup(dependencies, client(context), context.req.param('id'), await readBody(context));
    return context.body(null, 204);
  });
  router.delete('/Groups/:id', async (context) => {
    await deleteGroup(dependencies, client(context), context.req.param('id'));
    return context.body(null, 204);
  });

  router.all('*', () => {
    throw new ScimError(404, 'No such SCIM endpoint');
  });
  return router;
}

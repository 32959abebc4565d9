import { Hono, type MiddlewareHandler } from 'hono';
import { updateRoutingPolicyRequestSchema } from '../../contracts';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { requireOwnOrganisation, requireScope } from '../roles/require-scope';
import { describeRoutingPolicy, updateRoutingPolicy, type RoutingPolicyDependencies } from './policy-service';

/** Mounted at /org/:orgId/routing-policy: the organisation's admins and model managers. */
export function createRoutingPolicyRoutes(dependencies: RoutingPolicyDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn, requireOwnOrganisation(), requireScope('model-management'))
    .get('/', async (context) => context.json(await describeRoutingPolicy(dependencies, context.get('caller').orgId)))
    .put('/', async (context) => {
      const change = await readJson(context, updateRoutingPolicyRequestSchema);
      return context.json(await updateRoutingPolicy(dependencies, context.get('caller').orgId, change));
    });
}

import { Hono, type MiddlewareHandler } from 'hono';
import { inviteUserRequestSchema } from '../../contracts';
import type { AuthDependencies } from '../auth/auth-dependencies';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { requireOwnOrganisation, requireScope } from '../roles/require-scope';
import { inviteUser } from './invitation-service';

/** Mounted at /org. */
export function createOrganisationRoutes(dependencies: AuthDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().use(signedIn).post(
    '/:orgId/users/invite',
    requireOwnOrganisation(),
    requireScope('user-management'),
    async (context) => {
      const input = await readJson(context, inviteUserRequestSchema);
      return context.json(await inviteUser(dependencies, context.get('caller'), input), 201);
    },
  );
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { profileResponseSchema, updateProfileRequestSchema } from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import { unauthorized } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { updateOwnProfile } from './profile-service';
import { findUser, presentUser } from './user-repository';

const tags = ['Profile'];

/** Mounted at /user: the caller's own profile. */
export function createUserRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(router, createRoute({ method: 'get', path: '/profile', tags, summary: "The caller's profile", security: signedInSecurity, responses: answers('The profile', profileResponseSchema) }), async (context) => {
    const caller = context.get('caller');
    const user = await findUser(db, caller.orgId, caller.userId);
    if (!user) throw unauthorized();
    return context.json({ user: presentUser(user) });
  });
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/profile',
      tags,
      summary: "Save the caller's details (the e-mail address cannot be changed here)",
      security: signedInSecurity,
      request: { body: jsonBody(updateProfileRequestSchema) },
      responses: answers('The saved profile', profileResponseSchema),
    }),
    async (context) => context.json({ user: await updateOwnProfile(db, context.get('caller'), context.req.valid('json')) }),
  );
  return router;
}

import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  createdUserResponseSchema,
  createUserRequestSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
} from '../../contracts';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { requireScope } from '../http/access/require-scope';
import { getOwnProfile, updateOwnProfile } from './profile-service';
import { createUser, type UserAdministrationDependencies } from './user-administration-service';

const tags = ['Profile'];

/** Mounted at /user: the caller's own profile, and creating people (user management). */
export function createUserRoutes(dependencies: UserAdministrationDependencies, signedIn: MiddlewareHandler<AppEnv>) {
  const { db } = dependencies;
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Organisation'],
      summary:
        "Create a person in the caller's organisation with a role: active with a password they sign in with at once, or invited by e-mail to choose one (send_invitation; scope user-management)",
      security: signedInSecurity,
      middleware: [requireScope('user-management')],
      request: { body: jsonBody(createUserRequestSchema) },
      responses: answers('The new person', createdUserResponseSchema, 201),
    }),
    async (context) =>
      context.json(await createUser(dependencies, context.get('caller'), context.req.valid('json')), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/profile',
      tags,
      summary: "The caller's profile",
      security: signedInSecurity,
      responses: answers('The profile', profileResponseSchema),
    }),
    async (context) => {
      return context.json({ user: await getOwnProfile(db, context.get('caller')) });
    },
  );
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
    async (context) =>
      context.json({ user: await updateOwnProfile(db, context.get('caller'), context.req.valid('json')) }),
  );
  return router;
}

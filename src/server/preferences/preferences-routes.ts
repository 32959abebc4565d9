import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  deleteHistoryResponseSchema,
  preferencesPathSchema,
  preferencesSchema,
  successResponseSchema,
  updatePreferencesRequestSchema,
} from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import type { AppEnv } from '../http/context';
import { deleteAccountData, deleteHistory, getPreferences, updatePreferences } from './preferences-service';

const tags = ['Preferences'];
const params = preferencesPathSchema;

/** Mounted at /preferences. */
export function createPreferencesRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/user/{id}',
      tags,
      summary: "The caller's preferences",
      security: signedInSecurity,
      request: { params },
      responses: answers('The preferences', preferencesSchema),
    }),
    async (context) => context.json(await getPreferences(db, context.get('caller'), context.req.valid('param').id)),
  );
  addRoute(
    router,
    createRoute({
      method: 'put',
      path: '/user/{id}',
      tags,
      summary: 'Save any of the preferences',
      security: signedInSecurity,
      request: { params, body: jsonBody(updatePreferencesRequestSchema) },
      responses: answers('The preferences', preferencesSchema),
    }),
    async (context) =>
      context.json(
        await updatePreferences(db, context.get('caller'), context.req.valid('param').id, context.req.valid('json')),
      ),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/user/{id}/history',
      tags,
      summary: "Delete the caller's conversations",
      security: signedInSecurity,
      request: { params },
      responses: answers('How many were deleted', deleteHistoryResponseSchema),
    }),
    async (context) => context.json(await deleteHistory(db, context.get('caller'), context.req.valid('param').id)),
  );
  addRoute(
    router,
    createRoute({
      method: 'delete',
      path: '/user/{id}/account',
      tags,
      summary: "Delete the caller's own data (the account stays)",
      security: signedInSecurity,
      request: { params },
      responses: answers('Deleted', successResponseSchema),
    }),
    async (context) => context.json(await deleteAccountData(db, context.get('caller'), context.req.valid('param').id)),
  );
  return router;
}

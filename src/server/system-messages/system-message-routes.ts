import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  roleGrantsScope,
  createSystemMessageRequestSchema,
  dismissSystemMessagePathSchema,
  successResponseSchema,
  systemMessageListSchema,
  systemMessageSchema,
  systemMessagesPathSchema,
} from '../../contracts';
import type { Database } from '../db/database';
import { addRoute, answers, createApiRouter, jsonBody, signedInSecurity } from '../http/api-router';
import { forbidden, notFound } from '../http/app-error';
import { type AppEnv, callerAccess } from '../http/context';
import { requireScope } from '../http/access/require-scope';
import { createSystemMessage, dismissSystemMessage, listUndismissed } from './system-message-repository';

const tags = ['System messages'];

/** Mounted at /system. Users read and dismiss their own notices; admins post them. */
export function createSystemMessageRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  const router = createApiRouter();
  router.use(signedIn);
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/messages',
      tags,
      summary: 'Post a notice to everyone in the organisation (admins)',
      security: signedInSecurity,
      middleware: requireScope('admin'),
      request: { body: jsonBody(createSystemMessageRequestSchema) },
      responses: answers('The notice', systemMessageSchema, 201),
    }),
    async (context) =>
      context.json(await createSystemMessage(db, context.get('caller').orgId, context.req.valid('json')), 201),
  );
  addRoute(
    router,
    createRoute({
      method: 'get',
      path: '/messages/{userId}',
      tags,
      summary: "The caller's notices not yet dismissed",
      security: signedInSecurity,
      request: { params: systemMessagesPathSchema },
      responses: answers('The notices', systemMessageListSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      if (context.req.valid('param').userId !== caller.userId) throw forbidden();
      return context.json({
        messages: await listUndismissed(db, caller.orgId, caller.userId, {
          billing: roleGrantsScope(callerAccess(caller), 'billing'),
        }),
      });
    },
  );
  addRoute(
    router,
    createRoute({
      method: 'post',
      path: '/messages/{userId}/{messageId}/dismiss',
      tags,
      summary: 'Dismiss a notice for the caller',
      security: signedInSecurity,
      request: { params: dismissSystemMessagePathSchema },
      responses: answers('Dismissed', successResponseSchema),
    }),
    async (context) => {
      const caller = context.get('caller');
      const { userId, messageId } = context.req.valid('param');
      if (userId !== caller.userId) throw forbidden();
      if (!(await dismissSystemMessage(db, caller.orgId, caller.userId, messageId))) throw notFound();
      return context.json({ success: true });
    },
  );
  return router;
}

import { Hono, type MiddlewareHandler } from 'hono';
import { createSystemMessageRequestSchema } from '../../contracts';
import type { Database } from '../db/database';
import { forbidden, notFound } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { requireScope } from '../roles/require-scope';
import { isUuid } from '../shared/ids';
import { createSystemMessage, dismissSystemMessage, listUndismissed } from './system-message-repository';

/** Mounted at /system. Users read and dismiss their own notices; admins post them. */
export function createSystemMessageRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .post('/messages', requireScope('admin'), async (context) => {
      const input = await readJson(context, createSystemMessageRequestSchema);
      return context.json(await createSystemMessage(db, context.get('caller').orgId, input), 201);
    })
    .get('/messages/:userId', async (context) => {
      const caller = context.get('caller');
      if (context.req.param('userId') !== caller.userId) throw forbidden();
      return context.json({ messages: await listUndismissed(db, caller.orgId, caller.userId) });
    })
    .post('/messages/:userId/:messageId/dismiss', async (context) => {
      const caller = context.get('caller');
      const { userId, messageId } = context.req.param();
      if (userId !== caller.userId) throw forbidden();
      if (!isUuid(messageId) || !(await dismissSystemMessage(db, caller.orgId, caller.userId, messageId))) throw notFound();
      return context.json({ success: true });
    });
}

import { Hono, type MiddlewareHandler } from 'hono';
import { updatePreferencesRequestSchema } from '../../contracts';
import type { Database } from '../db/database';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { deleteAccountData, deleteHistory, getPreferences, updatePreferences } from './preferences-service';

/** Mounted at /preferences. */
export function createPreferencesRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/user/:id', async (context) => context.json(await getPreferences(db, context.get('caller'), context.req.param('id'))))
    .put('/user/:id', async (context) => {
      const changes = await readJson(context, updatePreferencesRequestSchema);
      return context.json(await updatePreferences(db, context.get('caller'), context.req.param('id'), changes));
    })
    .delete('/user/:id/history', async (context) => context.json(await deleteHistory(db, context.get('caller'), context.req.param('id'))))
    .delete('/user/:id/account', async (context) => context.json(await deleteAccountData(db, context.get('caller'), context.req.param('id'))));
}

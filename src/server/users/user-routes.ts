import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { updateProfileRequestSchema } from '../../contracts';
import type { Database } from '../db/database';
import { unauthorized } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { readJson } from '../http/read-json';
import { updateOwnProfile } from './profile-service';
import { findUser, presentUser } from './user-repository';

/** Mounted at /user: the caller's own profile. */
export function createUserRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(signedIn)
    .get('/profile', async (context) => {
      const caller = context.get('caller');
      const user = await findUser(db, caller.orgId, caller.userId);
      if (!user) throw unauthorized();
      return context.json({ user: presentUser(user) });
    })
    .put('/profile', async (context) => {
      const input = await readJson(context, updateProfileRequestSchema);
      return context.json({ user: await updateOwnProfile(db, context.get('caller'), input) });
    });
}

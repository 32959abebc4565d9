import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/database';
import { unauthorized } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { findUser, presentUser } from './user-repository';

/** Mounted at /user. */
export function createUserRoutes(db: Database, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().use(signedIn).get('/profile', async (context) => {
    const caller = context.get('caller');
    const user = await findUser(db, caller.orgId, caller.userId);
    if (!user) throw unauthorized();
    return context.json({ user: presentUser(user) });
  });
}

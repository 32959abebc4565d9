import { Hono, type MiddlewareHandler } from 'hono';
import { routingSavingsQuerySchema } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import type { Executor } from '../db/database';
import { validationFailed } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { requireOwnOrganisation, requireScope } from '../roles/require-scope';
import { routingSavings } from './savings-service';

/** Mounted at /org/:orgId/routing-savings: the organisation's admins. */
export function createRoutingSavingsRoutes(dependencies: { db: Executor; catalog: readonly CatalogModel[] }, signedIn: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().use(signedIn, requireOwnOrganisation(), requireScope('admin')).get('/', async (context) => {
    const parsed = routingSavingsQuerySchema.safeParse(context.req.query());
    if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? 'Invalid query');
    return context.json(await routingSavings(dependencies.db, dependencies.catalog, context.get('caller').orgId, parsed.data));
  });
}

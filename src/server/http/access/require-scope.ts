import { createMiddleware } from 'hono/factory';
import { roleGrantsScope, type Scope } from '../../../contracts';
import { forbidden } from '../app-error';
import { type AppEnv, callerAccess } from '../context';

/** Server-side scope check of spec section 6, on the role loaded with the caller. Runs after requireAuth. */
export function requireScope(scope: Scope) {
  return createMiddleware<AppEnv>(async (context, next) => {
    if (!roleGrantsScope(callerAccess(context.get('caller')), scope)) throw forbidden();
    await next();
  });
}

/** Paths that name an organisation must name the caller's own; others learn nothing, not even existence. */
export function requireOwnOrganisation(parameter = 'orgId') {
  return createMiddleware<AppEnv>(async (context, next) => {
    if (context.req.param(parameter) !== context.get('caller').orgId) throw forbidden();
    await next();
  });
}

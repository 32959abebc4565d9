import type { Role, User } from '@contracts';
import { apiErrorBody, stubFetch, type RecordedRequest, type StubAnswer } from './fetch-stub';
import { makeAuthResponse, makeUser } from './fixtures';
import { seededRoleAccess } from './seeded-role-access';

interface FakeApiOptions {
  user?: User;
  /** Tokens the fake server accepts; anything else gets 401. */
  validTokens?: string[];
  refreshSucceeds?: boolean;
  role?: Role | 'missing' | 'error';
  /** Per-path overrides, checked first. */
  routes?: Record<string, (request: RecordedRequest) => StubAnswer>;
  /** Overrides for every path starting with the key (a call whose query holds today's date), checked next. */
  prefixRoutes?: Record<string, (request: RecordedRequest) => StubAnswer>;
}

const unauthorized = { status: 401, body: apiErrorBody('unauthorized', 'Authentication required') };

/** A small stand-in for the server's auth endpoints, enough to drive the app's session logic. */
export function fakeApi(options: FakeApiOptions = {}) {
  const user = options.user ?? makeUser();
  const validTokens = new Set(options.validTokens ?? ['access-1']);
  return stubFetch((request) => {
    const path = request.path.replace(/^\/api/, '');
    const key = `${request.method} ${path}`;
    const override =
      options.routes?.[key] ??
      Object.entries(options.prefixRoutes ?? {}).find(([prefix]) => key.startsWith(prefix))?.[1];
    if (override) return override(request);
    const bearer = request.authorization?.replace('Bearer ', '') ?? '';
    if (path === '/auth/refresh') {
      if (!options.refreshSucceeds) return unauthorized;
      validTokens.add('access-refreshed');
      return {
        body: {
          token: 'access-refreshed',
          refresh_token: 'refresh-2',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      };
    }
    if (path === '/subscription/plans') return { body: { plans: [] } };
    if (path === '/auth/login') {
      validTokens.add('access-login');
      return { body: makeAuthResponse(user, 'access-login') };
    }
    if (!validTokens.has(bearer)) return unauthorized;
    if (path === '/user/profile') return { body: { user } };
    if (path === '/auth/logout') return { body: { success: true } };
    if (path.startsWith('/roles/')) {
      if (options.role === 'missing') return { status: 404, body: apiErrorBody('not_found', 'Not found') };
      if (options.role === undefined || options.role === 'error')
        return { status: 500, body: apiErrorBody('internal', 'Internal server error') };
      return { body: options.role };
    }
    return { status: 404, body: apiErrorBody('not_found', 'Not found') };
  });
}

export function makeRole(name: string): Role {
  return {
    id: 'role-1',
    role_id: 'role-1',
    org_id: 'org-1',
    name,
    description: name,
    permissions: [],
    ...seededRoleAccess(name),
  };
}

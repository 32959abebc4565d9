import type { ApiKeyView } from '@contracts';
import type { RecordedRequest, StubAnswer } from '../../../test/fetch-stub';

export function makeApiKey(name: string, overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: `key-${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    prefix: 'tw-ab12cd34',
    kind: 'personal',
    owner: { user_id: 'user-1', username: 'ada' },
    role: { id: 'role-member', name: 'Member' },
    created_at: '2026-11-02T10:00:00.000Z',
    created_by: 'ada',
    expires_at: null,
    last_used_at: null,
    last_used_address: null,
    revoked_at: null,
    status: 'active',
    monthly_budget_usd: null,
    usage_this_month_usd: 0,
    cache_enabled: true,
    ...overrides,
  };
}

/** The key routes of one scope ('/api-keys' or '/org/{orgId}/api-keys') over a list the test can read. */
export function fakeKeyRoutes(basePath: string, initial: ApiKeyView[]) {
  let keys = [...initial];
  const secret = 'tw-newkey01_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
  const routes: Record<string, (request: RecordedRequest) => StubAnswer> = {
    [`GET ${basePath}`]: () => ({ body: { keys: keys.filter((key) => key.status !== 'revoked') } }),
    [`GET ${basePath}?include_revoked=true`]: () => ({ body: { keys } }),
    [`POST ${basePath}`]: (request) => {
      const body = request.body as { name: string; expires_at?: string; monthly_budget_usd?: number; role_id?: string };
      const created = makeApiKey(body.name, {
        id: `key-new-${keys.length}`,
        prefix: 'tw-newkey01',
        expires_at: body.expires_at ?? null,
        monthly_budget_usd: body.monthly_budget_usd ?? null,
        ...(body.role_id ? { kind: 'service', owner: null, role: { id: body.role_id, name: 'Scripts' } } : {}),
      });
      keys = [created, ...keys];
      return { status: 201, body: { key: created, secret } };
    },
  };
  const revokeRoute = (keyId: string) => () => {
    keys = keys.map((key) =>
      key.id === keyId ? { ...key, status: 'revoked' as const, revoked_at: '2026-11-27T12:00:00.000Z' } : key,
    );
    return { body: { key: keys.find((key) => key.id === keyId) } };
  };
  const budgetRoute = (keyId: string) => (request: RecordedRequest) => {
    const { monthly_budget_usd: budget } = request.body as { monthly_budget_usd: number | null };
    keys = keys.map((key) => (key.id === keyId ? { ...key, monthly_budget_usd: budget } : key));
    return { body: { key: keys.find((key) => key.id === keyId) } };
  };
  for (const key of [
    ...initial,
    ...Array.from({ length: 5 }, (_, index) => ({ id: `key-new-${initial.length + index}` })),
  ]) {
    routes[`DELETE ${basePath}/${key.id}`] = revokeRoute(key.id);
    routes[`PUT ${basePath}/${key.id}`] = budgetRoute(key.id);
  }
  return { routes, secret, keys: () => keys };
}

import {
  defaultOrganisationSettings,
  keyedProviders,
  type ApiKeyView,
  type AuditEntry,
  type ChatModel,
  type Feedback,
  type FeedbackStats,
  type KeyedProvider,
  type OrganisationModel,
  type ProviderKeyView,
  type Organisation,
  type OrganisationSettings,
  type OrganisationUser,
  type Role,
  type RoutingPolicy,
  type RoutingPolicyResponse,
  type RoutingQualityResponse,
  type User,
  type UserModelUsage,
} from '@contracts';
import { fakeApi } from '../../../test/fake-api';
import { apiErrorBody, type RecordedRequest, type StubAnswer } from '../../../test/fetch-stub';
import { makeUser, signIn } from '../../../test/fixtures';
import type { ListedRole } from '../../role-management/api/roles-api';
import { noRoutingQuality } from '../../organization-settings/test/fake-routing-quality';
import { seededRoleAccess } from '../../../test/seeded-role-access';

export const orgId = 'org-1';

export function makeListedRole(name: string, overrides: Partial<ListedRole> = {}): ListedRole {
  const id = `role-${name.toLowerCase().replace(/\W+/g, '-')}`;
  return {
    id,
    role_id: id,
    org_id: orgId,
    name,
    description: `${name} role`,
    permissions: [],
    user_count: 0,
    ...seededRoleAccess(name),
    ...overrides,
  };
}

export const permission = (model_id: string, monthly_token_limit = 100_000, cost_limit = 50, isEnabled = true) => ({
  model_id,
  isEnabled,
  max_tokens_per_request: 2000,
  monthly_token_limit,
  cost_limit,
});

const offeredModels: ChatModel[] = [
  { model_id: 'openai/gpt-4o', name: 'GPT-4o', provider: 'openai', max_tokens: 2000 },
  { model_id: 'openai/gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', max_tokens: 2000 },
  { model_id: 'anthropic/claude-sonnet-4', name: 'Claude Sonnet 4', provider: 'anthropic', max_tokens: 2000 },
];

/** The Admin role reports every catalog model (here the offered ones plus a Gemini and an o-series model). */
export const adminRole = makeListedRole('Admin', {
  permissions: [...offeredModels.map((model) => model.model_id), 'google/gemini-2.5-pro', 'openai/o4-mini'].map((id) =>
    permission(id, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  ),
  user_count: 1,
});
const reachedModel = (model_id: string, name: string, provider: KeyedProvider): OrganisationModel => ({
  model_id,
  name,
  provider,
  reachable: true,
  reached_through: 'instance',
  key_provider: provider,
  kind: 'chat',
});

/** GET /org/{orgId}/models: the catalog as the organisation reaches it; no key reaches Gemini yet. */
export const organisationModels: OrganisationModel[] = [
  reachedModel('openai/gpt-4o', 'GPT-4o', 'openai'),
  reachedModel('openai/gpt-4o-mini', 'GPT-4o mini', 'openai'),
  reachedModel('anthropic/claude-sonnet-4', 'Claude Sonnet 4', 'anthropic'),
  {
    model_id: 'google/gemini-2.5-pro',
    name: 'Gemini 2.5 Pro',
    provider: 'google',
    reachable: false,
    reached_through: null,
    key_provider: 'google',
    kind: 'chat',
  },
  reachedModel('openai/o4-mini', 'o4-mini', 'openai'),
];

export const memberRole = makeListedRole('Member', {
  permissions: [permission('openai/gpt-4o-mini', 1000, 10)],
  user_count: 1,
});

export function makeOrganisationUser(
  name: string,
  role: ListedRole,
  overrides: Partial<OrganisationUser> = {},
): OrganisationUser {
  return {
    id: `user-${name}`,
    name,
    email: `${name}@example.com`,
    role_name: role.name,
    role_id: role.id,
    status: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
    last_login_at: null,
    ...overrides,
  };
}

export function makeUsage(
  user: OrganisationUser,
  models: { model_id: string; tokens_used: number; cost: number; requests?: number }[],
): UserModelUsage {
  const monthly_usage = models.map((model) => ({ requests: 1, ...model }));
  return {
    user_id: user.id,
    username: user.name,
    email: user.email,
    role_id: user.role_id,
    role_name: user.role_name,
    total_tokens: monthly_usage.reduce((total, model) => total + model.tokens_used, 0),
    total_cost: monthly_usage.reduce((total, model) => total + model.cost, 0),
    monthly_usage,
  };
}

function makeOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: orgId,
    name: 'Acme',
    domain: 'acme.test',
    size: '11-50',
    industry: 'Software',
    contact_email: 'it@acme.test',
    subscription_tier: 'free',
    created_at: '2026-01-01T00:00:00.000Z',
    total_users: 2,
    total_roles: 5,
    ...overrides,
  };
}

/** Feedback has moved nothing: every kind at 0, the cache at the policy's threshold. */
export function noCalibration(cacheThreshold: number): RoutingPolicyResponse['calibration'] {
  const kinds = (['code', 'maths', 'writing', 'question', 'conversation'] as const).map((kind) => ({
    kind,
    offset: 0,
    signals: 0,
    updated_at: null,
  }));
  return { kinds, cache: { offset: 0, threshold: cacheThreshold, signals: 0, updated_at: null } };
}

/** The routing policy of a new organisation as the server describes it, with no calibration yet. */
export function makeRoutingPolicy(overrides: Partial<RoutingPolicyResponse> = {}): RoutingPolicyResponse {
  return {
    policy: {
      enabled: true,
      quality_target: 0.95,
      candidate_model_ids: null,
      reference_model_id: null,
      cache: { enabled: true, threshold: null, ttl_seconds: 604_800, max_entries: 10_000, error_rate: 0.02 },
      deadlines: { headers_ms: null, first_token_ms: null, between_tokens_ms: null },
      shadow_evaluation: { sampling_rate: 0, monthly_budget_usd: 10, judge_model_id: null },
    },
    effective: {
      candidate_model_ids: ['openai/gpt-4o-mini', 'openai/gpt-4o'],
      reference_model_id: 'openai/gpt-4o',
      cache_threshold: 0.9,
      deadlines: { headers_ms: 30_000, first_token_ms: 120_000, between_tokens_ms: 30_000 },
    },
    calibration: noCalibration(0.9),
    ...overrides,
  };
}

type Failure = { status: number; message: string };
const fail = ({ status, message }: Failure) => ({
  status,
  body: apiErrorBody(status === 409 ? 'conflict' : status === 403 ? 'forbidden' : 'validation_failed', message),
});
const pending = (): StubAnswer => new Promise(() => undefined);

export interface FakeAdminOptions {
  me?: User;
  myRole?: Role;
  roles?: ListedRole[];
  users?: OrganisationUser[] | Failure | 'pending';
  usage?: UserModelUsage[] | Failure;
  organization?: Organisation;
  settings?: OrganisationSettings | Failure;
  /** The Usage Summary's call; 'missing' answers 404 as a server without it does. */
  organizationUsage?:
    | { totalRequests: number; totalTokens: number; totalCost: number; lastActive: string | null }
    | 'missing';
  audit?: AuditEntry[];
  /** The feedback calls' answers (none given by default), or their failure. */
  feedback?: { stats?: FeedbackStats; history?: Feedback[]; csv?: string } | Failure;
  /** GET /org/{orgId}/models; a saved provider key makes its provider's models reachable. */
  organisationModels?: OrganisationModel[];
  /** GET /org/{orgId}/routing-policy; PUT and DELETE .../calibration change what it answers next. */
  routingPolicy?: RoutingPolicyResponse | Failure;
  /** GET /org/{orgId}/routing-quality (nothing sampled by default); its budget follows the policy's. */
  routingQuality?: RoutingQualityResponse | Failure;
  /** The organisation's API keys (and the signed-in person's own: those it names them owner of), revoked ones included. */
  apiKeys?: ApiKeyView[];
  routes?: Record<string, (request: RecordedRequest) => StubAnswer>;
}

const noRatings = { positive: 0, neutral: 0, negative: 0, total: 0 };

/** The feedback calls, whatever period they ask for (their query holds today's date). */
function feedbackRoutes(
  feedback: FakeAdminOptions['feedback'],
): Record<string, (request: RecordedRequest) => StubAnswer> {
  if (feedback && 'status' in feedback) {
    const failure = () => fail(feedback);
    return {
      [`GET /feedback/stats/${orgId}?`]: failure,
      [`GET /feedback/history/${orgId}?`]: failure,
      [`POST /feedback/export/${orgId}`]: failure,
    };
  }
  return {
    [`GET /feedback/stats/${orgId}?`]: () => ({
      body: feedback?.stats ?? { by_date: [], by_model: [], totals: noRatings },
    }),
    [`GET /feedback/history/${orgId}?`]: () => ({ body: { feedback: feedback?.history ?? [] } }),
    [`POST /feedback/export/${orgId}`]: () => ({
      file: {
        bytes: new TextEncoder().encode(feedback?.csv ?? 'id,created_at,user_id,model_id,selection_id,feedback\r\n'),
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      },
    }),
  };
}

/**
 * A signed-in admin of org-1 and an in-memory stand-in for the administration calls: creating,
 * re-roling and removing people and roles changes what the next list returns.
 */
export function fakeAdminApi(options: FakeAdminOptions = {}) {
  signIn();
  const roles = [...(options.roles ?? [adminRole, memberRole])];
  let users = Array.isArray(options.users) ? [...options.users] : [];
  let settings =
    options.settings && 'enable_audit' in options.settings ? options.settings : defaultOrganisationSettings;
  const me = options.me ?? makeUser({ role: 'admin', role_id: adminRole.id });
  let routing =
    options.routingPolicy && 'policy' in options.routingPolicy ? options.routingPolicy : makeRoutingPolicy();
  let providerKeys: ProviderKeyView[] = [];
  const modelsNow = () =>
    (options.organisationModels ?? organisationModels).map((model) =>
      providerKeys.some((key) => key.provider === model.key_provider)
        ? { ...model, reachable: true, reached_through: 'organisation' as const }
        : model,
    );
  const routes: Record<string, (request: RecordedRequest) => StubAnswer> = {
    [`GET /roles/organization/${orgId}`]: () => ({ body: { roles } }),
    [`GET /roles/${me.role_id}`]: () => ({ body: options.myRole ?? roles.find((role) => role.id === me.role_id) }),
    'GET /conversation/models': () => ({ body: { models: offeredModels } }),
    [`GET /org/${orgId}/api-keys?include_revoked=true`]: () => ({ body: { keys: options.apiKeys ?? [] } }),
    'GET /api-keys?include_revoked=true': () => ({
      body: { keys: (options.apiKeys ?? []).filter((key) => key.owner?.user_id === me.id) },
    }),
    [`GET /org/${orgId}/models`]: () => ({ body: { models: modelsNow() } }),
    [`GET /org/${orgId}/provider-keys`]: () => ({ body: { keys: providerKeys } }),
    [`GET /org/${orgId}/users?page=1&limit=50`]: () => {
      if (options.users === 'pending') return pending();
      if (options.users && !Array.isArray(options.users)) return fail(options.users);
      return { body: { users, total: users.length, page: 1, limit: 50 } };
    },
    [`GET /roles/usage/${orgId}`]: () =>
      options.usage && !Array.isArray(options.usage)
        ? fail(options.usage)
        : { body: { month: '2026-03', users: options.usage ?? [] } },
    'POST /user': (request) => {
      const body = request.body as { username: string; email: string; role_id: string; send_invitation?: boolean };
      const role = roles.find((candidate) => candidate.id === body.role_id)!;
      const invited = body.send_invitation === true;
      const created = makeOrganisationUser(body.username, role, {
        email: body.email,
        status: invited ? 'pending_activation' : 'active',
      });
      users = [...users, created];
      return { status: 201, body: { user: created, ...(invited ? { invitation_sent: true } : {}) } };
    },
    'POST /roles': (request) => {
      const body = request.body as Role;
      const created = makeListedRole(body.name, { description: body.description, permissions: body.permissions });
      roles.push(created);
      return { status: 201, body: created };
    },
    [`GET /org/${orgId}`]: () => ({ body: options.organization ?? makeOrganisation() }),
    [`PUT /org/${orgId}`]: (request) => ({
      body: { ...(options.organization ?? makeOrganisation()), ...(request.body as object) },
    }),
    [`GET /org/${orgId}/settings`]: () =>
      options.settings && !('enable_audit' in options.settings) ? fail(options.settings) : { body: settings },
    [`PUT /org/${orgId}/settings`]: (request) => {
      const changes = request.body as Partial<OrganisationSettings>;
      settings = {
        ...settings,
        ...changes,
        security: { ...settings.security, ...changes.security },
        branding: { ...settings.branding, ...changes.branding },
        api_access: { ...settings.api_access, ...changes.api_access },
      };
      return { body: settings };
    },
    'GET /org/me/branding': () => ({ body: { branding: settings.branding } }),
    [`GET /org/${orgId}/usage`]: () =>
      options.organizationUsage === 'missing'
        ? { status: 404, body: apiErrorBody('not_found', 'Not found') }
        : {
            body: {
              totalRequests: 0,
              totalTokens: 0,
              totalCost: 0,
              lastActive: null,
              ...options.organizationUsage,
              usageByModel: [],
              usageByMonth: [],
            },
          },
    [`GET /org/${orgId}/routing-policy`]: () =>
      options.routingPolicy && !('policy' in options.routingPolicy) ? fail(options.routingPolicy) : { body: routing },
    [`PUT /org/${orgId}/routing-policy`]: (request) => {
      const changes = request.body as Partial<RoutingPolicy>;
      routing = {
        ...routing,
        policy: {
          ...routing.policy,
          ...changes,
          cache: { ...routing.policy.cache, ...changes.cache },
          shadow_evaluation: { ...routing.policy.shadow_evaluation, ...changes.shadow_evaluation },
        },
      };
      return { body: routing };
    },
    [`GET /org/${orgId}/routing-quality`]: () => {
      if (options.routingQuality && !('groups' in options.routingQuality)) return fail(options.routingQuality);
      const quality = options.routingQuality ?? noRoutingQuality();
      return {
        body: {
          ...quality,
          month: { ...quality.month, monthly_budget_usd: routing.policy.shadow_evaluation.monthly_budget_usd },
        },
      };
    },
    [`DELETE /org/${orgId}/routing-policy/calibration`]: () => {
      routing = { ...routing, calibration: noCalibration(routing.effective.cache_threshold) };
      return { body: routing };
    },
    [`GET /org/${orgId}/audit?page=1&limit=20`]: () => {
      if (!settings.enable_audit)
        return fail({ status: 403, message: 'The audit log is turned off for this organization.' });
      const entries = options.audit ?? [];
      return { body: { entries, total: entries.length, page: 1, limit: 20 } };
    },
  };
  for (const provider of keyedProviders) {
    routes[`PUT /org/${orgId}/provider-keys/${provider}`] = (request) => {
      const body = request.body as { api_key?: string; base_url?: string };
      if (provider === 'openai-compatible' ? !body.base_url : !body.api_key)
        return {
          status: 400,
          body: { ...apiErrorBody('validation_failed', 'Enter the API key'), fields: { api_key: 'Enter the API key' } },
        };
      const saved: ProviderKeyView = {
        provider,
        key_hint: body.api_key ? `…${body.api_key.slice(-4)}` : null,
        base_url: body.base_url ?? null,
        updated_at: '2026-03-20T12:00:00.000Z',
      };
      providerKeys = [...providerKeys.filter((key) => key.provider !== provider), saved];
      return { body: saved };
    };
    routes[`DELETE /org/${orgId}/provider-keys/${provider}`] = () => {
      providerKeys = providerKeys.filter((key) => key.provider !== provider);
      return { body: { success: true } };
    };
  }
  for (const role of roles) {
    routes[`PUT /roles/${role.id}`] = (request) => {
      Object.assign(role, request.body as object);
      return { body: role };
    };
    routes[`DELETE /roles/${role.id}`] = () => {
      roles.splice(roles.indexOf(role), 1);
      return { body: { success: true, message: 'Role deleted' } };
    };
  }
  for (const user of users) {
    routes[`PUT /org/${orgId}/users/${user.id}/role`] = (request) => {
      const role = roles.find((candidate) => candidate.id === (request.body as { role_id: string }).role_id)!;
      users = users.map((existing) =>
        existing.id === user.id ? { ...existing, role_id: role.id, role_name: role.name } : existing,
      );
      return { body: { user: users.find((existing) => existing.id === user.id) } };
    };
    routes[`POST /org/${orgId}/users/${user.id}/invitation`] = () => ({ body: { success: true, email: user.email } });
    routes[`DELETE /org/${orgId}/users/${user.id}`] = () => {
      users = users.filter((existing) => existing.id !== user.id);
      return { body: { success: true, message: 'User removed' } };
    };
  }
  return fakeApi({
    user: me,
    routes: { ...routes, ...options.routes },
    prefixRoutes: feedbackRoutes(options.feedback),
  });
}

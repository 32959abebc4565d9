import { createRoute } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import { z } from 'zod';
import { messages } from '../contracts';
import {
  createModelAnalyticsRoutes,
  createOrganisationUsageRoutes,
  createSubscriptionAnalyticsRoutes,
} from './analytics/analytics-routes';
import type { AuthDependencies } from './auth/auth-dependencies';
import type { ApiKeyDependencies } from './api-keys/api-key-dependencies';
import type { ApiKeyLastUse } from './api-keys/api-key-last-use';
import { createOwnApiKeyRoutes } from './api-keys/api-key-routes';
import { createOrganisationApiKeyRoutes } from './api-keys/organisation-api-key-routes';
import { createAuthRoutes } from './auth/auth-routes';
import { requireAuth, requireAuthProvisionally } from './auth/require-auth';
import type { BillingDependencies } from './billing/billing-dependencies';
import { createPlanRoutes } from './billing/plan-routes';
import { createSubscriptionRoutes } from './billing/subscription-routes';
import type { ConversationDependencies } from './conversations/conversation-dependencies';
import { createConversationRoutes } from './conversations/conversation-routes';
import type { DatabaseHandle } from './db/database';
import { createFeedbackRoutes } from './feedback/feedback-routes';
import { learnFromUserSignals } from './routing/organisation-router/learn-from-user-signals';
import { learnFromCacheSignals } from './routing/cache-learning/learn-from-cache-signals';
import { addRoute, answers, createApiRouter } from './http/api-router';
import { AppError, notFound } from './http/app-error';
import type { AppEnv } from './http/context';
import { createOpenApiDocument } from './openapi-document';
import { readJsonBody } from './http/read-json-body';
import { createReadinessLog, findUnreadiness } from './http/readiness';
import { refuseWhileDraining } from './http/refuse-while-draining';
import { rejectMalformedPath } from './http/reject-malformed-path';
import { renderError } from './http/render-error';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { createStaticWebRoutes } from './http/static-web';
import { httpObservation } from './observability/http-observation';
import type { Metrics } from './observability/metrics';
import { traceRequests } from './observability/tracing/trace-requests';
import { createOrganisationRoutes } from './administration/organisation-routes';
import { createPreferencesRoutes } from './preferences/preferences-routes';
import type { EmbeddingModel } from '../gateway';
import { closeProgramApi, createProgramApi, programApiBasePath } from './program-api/program-api';
import { createOrganisationModelRoutes } from './provider-keys/organisation-model-routes';
import { createProviderKeyRoutes } from './provider-keys/provider-key-routes';
import type { ProviderKeyDependencies } from './provider-keys/provider-key-service';
import { createRoleRoutes } from './administration/role-routes';
import { createRoutingPolicyRoutes } from './routing/routing-policy-routes';
import type { ScimDependencies } from './scim/scim-dependencies';
import { createScimRoutes } from './scim/scim-routes';
import { createScimTokenRoutes } from './scim/scim-token-routes';
import { createSingleSignOnAdminRoutes } from './single-sign-on/single-sign-on-admin-routes';
import type { SingleSignOnDependencies } from './single-sign-on/single-sign-on-dependencies';
import { createSingleSignOnRoutes } from './single-sign-on/single-sign-on-routes';
import { createRoutingSavingsRoutes } from './routing/routing-savings-routes';
import { createRoutingQualityRoutes } from './routing/shadow/quality-routes';
import type { RoutingPolicyDependencies } from './routing/policy-service';
import { createSystemMessageRoutes } from './system-messages/system-message-routes';
import { createTokenRoutes } from './usage/token-routes';
import { createUserRoutes } from './administration/user-routes';
import { createStripeWebhookRoutes } from './wallet/stripe-webhook-routes';
import type { WalletDependencies } from './wallet/wallet-dependencies';
import { createWalletRoutes } from './wallet/wallet-routes';

export interface AppOptions {
  database: DatabaseHandle;
  auth: AuthDependencies;
  conversations: ConversationDependencies;
  /** The embedding models POST /v1/embeddings offers (OpenAI's and the declared OpenAI-compatible ones). */
  embeddingModels: readonly EmbeddingModel[];
  providerKeys: ProviderKeyDependencies;
  /** Organisation API keys, and when each was last used (docs/decisions/049). */
  apiKeys: ApiKeyDependencies & { lastUse: ApiKeyLastUse };
  routingPolicy: RoutingPolicyDependencies;
  wallet: WalletDependencies;
  /** Sign-in through organisations' identity providers (docs/decisions/045). */
  singleSignOn: SingleSignOnDependencies;
  /** Provisioning from organisations' directories at /scim/v2 (docs/decisions/046). */
  scim: ScimDependencies;
  /** How subscriptions take money and where invoices read usage and the wallet (docs/decisions/023). */
  billing: Pick<BillingDependencies, 'charges' | 'sources' | 'cardPayments' | 'onPlanChanged'>;
  logger: Logger;
  trustProxy: boolean;
  maxBodyBytes: number;
  corsOrigins: string[];
  /** Folder of the built web app; omitted, only the API is served. */
  webRoot?: string;
  /** Prometheus metrics, when the operator turned them on (docs/decisions/057). */
  metrics?: Metrics;
  /** Lets shutdown turn readiness off before the listener closes. */
  isShuttingDown?: () => boolean;
  /** While the server warms up at start (the encoder loads, the chat path runs once), what it is doing: not ready yet, so a balancer waits. */
  warmingUp?: () => string | undefined;
}

/** Builds the whole HTTP surface: the API under /api, the web app everywhere else. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>();
  // First, so its time covers the whole request and everything below can note what it learns.
  app.use(httpObservation(options.metrics));
  app.use(traceRequests());
  app.use(requestContext(options.logger, { trustProxy: options.trustProxy }));
  app.use(securityHeaders());
  app.use(refuseWhileDraining(options.isShuttingDown));
  app.onError(renderError);

  const api = createApiRouter();
  if (options.corsOrigins.length > 0) {
    api.use(
      cors({
        origin: options.corsOrigins,
        allowHeaders: ['Authorization', 'Content-Type'],
        exposeHeaders: ['X-Session-Id', 'X-User-Message-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  api.use(
    bodyLimit({
      maxSize: options.maxBodyBytes,
      onError: () => {
        throw new AppError('payload_too_large', messages.payloadTooLarge);
      },
    }),
  );
  api.use(async (context, next) => {
    await next();
    context.header('Cache-Control', 'no-store');
  });
  // Before any route: the validation layer's edges (docs/decisions/016).
  api.use(rejectMalformedPath(), readJsonBody());
  const tags = ['Service'];
  const readinessLog = createReadinessLog(options.logger);
  addRoute(
    api,
    createRoute({
      method: 'get',
      path: '/healthz',
      tags,
      summary: 'The process answers; `draining` while it stops (open requests finish, new ones are refused)',
      responses: answers('Alive', z.object({ status: z.enum(['ok', 'draining']) })),
    }),
    (context) => context.json({ status: options.isShuttingDown?.() ? ('draining' as const) : ('ok' as const) }),
  );
  addRoute(
    api,
    createRoute({
      method: 'get',
      path: '/readyz',
      tags,
      summary: 'The database answers, the sentence encoder is loaded and the chat path warmed',
      responses: answers('Ready', z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) })),
    }),
    async (context) => {
      const unready = await findUnreadiness(options);
      readinessLog.observe(unready);
      if (unready) throw new AppError('unavailable', unready.reason, { cause: unready.cause, alreadyLogged: true });
      return context.json({ status: 'ready', database: options.database.kind });
    },
  );

  const signedIn = requireAuth(options.auth);
  api.route('/auth/sso', createSingleSignOnRoutes(options.singleSignOn));
  api.route('/auth', createAuthRoutes(options.auth));
  const analytics = { db: options.database.db, catalog: options.conversations.catalog };
  api.route('/subscription/analytics/:orgId', createSubscriptionAnalyticsRoutes(analytics, signedIn));
  api.route('/subscription', createPlanRoutes(options.database.db));
  api.route(
    '/subscription',
    createSubscriptionRoutes(
      { db: options.database.db, catalog: options.conversations.catalog, ...options.billing },
      signedIn,
    ),
  );
  api.route('/user', createUserRoutes(options.auth, signedIn));
  api.route(
    '/roles',
    createRoleRoutes(
      { db: options.database.db, catalog: options.conversations.catalog, embeddingModels: options.embeddingModels },
      signedIn,
    ),
  );
  api.route('/api-keys', createOwnApiKeyRoutes(options.apiKeys, signedIn));
  // Before /org: the organisation router's sign-in middleware covers /org/* as well.
  api.route('/org/:orgId/api-keys', createOrganisationApiKeyRoutes(options.apiKeys, signedIn));
  api.route('/org/:orgId/provider-keys', createProviderKeyRoutes(options.providerKeys, signedIn));
  api.route(
    '/org/:orgId/models',
    createOrganisationModelRoutes({ ...options.conversations, embeddingModels: options.embeddingModels }, signedIn),
  );
  api.route('/org/:orgId/sso', createSingleSignOnAdminRoutes(options.singleSignOn, signedIn));
  api.route('/org/:orgId/scim-tokens', createScimTokenRoutes(options.database.db, signedIn));
  api.route('/org/:orgId/routing-policy', createRoutingPolicyRoutes(options.routingPolicy, signedIn));
  api.route('/org/:orgId/routing-savings', createRoutingSavingsRoutes(options.routingPolicy, signedIn));
  api.route(
    '/org/:orgId/routing-quality',
    createRoutingQualityRoutes(
      {
        ...options.routingPolicy,
        logger: options.logger,
        organisationRouters: options.conversations.routing.organisationRouters,
        cacheLearning: options.conversations.routing.cacheLearning,
      },
      signedIn,
    ),
  );
  api.route('/org/:orgId/usage', createOrganisationUsageRoutes(analytics, signedIn));
  api.route('/org/:orgId/model-analytics', createModelAnalyticsRoutes(analytics, signedIn));
  api.route('/org', createOrganisationRoutes(options.auth, options.conversations.catalog, signedIn));
  api.route(
    '/conversation',
    createConversationRoutes(options.conversations, signedIn, requireAuthProvisionally(options.auth)),
  );
  api.route('/tokens', createTokenRoutes(options.conversations, signedIn));
  api.route(
    '/feedback',
    createFeedbackRoutes(options.database.db, signedIn, {
      cache: options.conversations.routing.cache,
      learn: learnFromUserSignals(options.conversations),
      learnCache: learnFromCacheSignals(options.conversations),
    }),
  );
  api.route('/preferences', createPreferencesRoutes(options.database.db, signedIn));
  api.route('/system', createSystemMessageRoutes(options.database.db, signedIn));
  api.route('/wallet', createWalletRoutes(options.wallet, signedIn));
  api.route('/billing/stripe/webhook', createStripeWebhookRoutes(options.wallet));

  // Programs with an organisation API key (docs/decisions/050).
  const programApi = createProgramApi({
    keys: { ...options.apiKeys, db: options.database.db },
    models: options.conversations,
    calls: options.conversations,
    embeddingModels: options.embeddingModels,
    maxBodyBytes: options.maxBodyBytes,
  });
  closeProgramApi(programApi);

  // Public (no sign-in); built once, on the first request, when every route is registered.
  let document: ReturnType<typeof createOpenApiDocument> | undefined;
  addRoute(
    api,
    createRoute({
      method: 'get',
      path: '/openapi.json',
      tags,
      summary: 'This document: every route with its params, query, body and answers',
      responses: answers('The OpenAPI 3.1 document', z.looseObject({ openapi: z.string() })),
    }),
    (context) => {
      document ??= createOpenApiDocument(api, programApi);
      return context.json(document);
    },
  );

  api.all('*', () => {
    throw notFound('No such API endpoint');
  });
  app.route('/api', api);
  app.route(programApiBasePath, programApi);
  app.route('/scim/v2', createScimRoutes(options.scim, { maxBodyBytes: options.maxBodyBytes }));
  if (options.webRoot) app.route('/', createStaticWebRoutes(options.webRoot));
  return app;
}

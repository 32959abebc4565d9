import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';
import { createAddressGuard, embeddingModelCatalog, modelCatalog } from '../gateway';
import { defaultCacheSettings } from '../gateway';
import { createApp } from './app';
import { createExportLinks } from './conversations/export-links';
import { replyTranscriptStore } from './conversations/reply-transcript';
import { createCallJournal } from './metered-calls/call-journal';
import { createBudgetLeases, type BudgetLeases } from './usage/budget-leases';
import { createGroupCommit } from './db/group-commit';
import { groupCommitMetrics, hotPathGauges } from './observability/hot-path-metrics';
import { createEmbeddedModel, type EmbeddedModel } from './metered-calls/embedded-model';
import { createInFlightCalls } from './metered-calls/in-flight-calls';
import type { OrganisationRouters } from './routing/organisation-router/organisation-routers';
import { learnFromShadowLabels } from './routing/organisation-router/learn-from-shadow-labels';
import { createShadowEvaluator } from './routing/shadow/shadow-evaluator';
import { createCacheHitChecks } from './routing/cache-learning/cache-hit-checks';
import type { CacheLearning } from './routing/cache-learning/cache-learning';
import { createMeteredCalls } from './metered-calls/metered-calls';
import { startPriceBook } from './pricing/start-price-book';
import { createModelGateways } from './metered-calls/model-gateways';
import { createSetupGate } from './conversations/setup-gate';
import { createOrganisationProviders } from './provider-keys/organisation-providers';
import { startCallerState } from './caller-state/start-caller-state';
import { createRequestRouting } from './routing/request-routing';
import { warmEncoder } from './routing/warm-encoder';
import { warmChatPath } from './conversations/warm-chat-path';
import type { ConversationDependencies } from './conversations/conversation-dependencies';
import { createAccessTokens } from './auth/access-tokens';
import { createRecentCallers } from './auth/recent-callers';
import type { AuthDependencies } from './auth/auth-dependencies';
import { createLoginThrottle } from './auth/login-throttle';
import { createPasswordHasher } from './auth/passwords';
import { createSecretBox } from './auth/secret-box';
import { createRecoveryCodeHasher } from './auth/recovery-codes';
import { createSlidingWindow } from './auth/sliding-window';
import type { Config } from './config/config';
import { resolveSecretKey } from './config/secret-key';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createMailer } from './email/mailer';
import { createRetentionJob } from './retention/retention-job';
import { createInvoiceJob } from './billing/invoice-job';
import type { BillingDependencies } from './billing/billing-dependencies';
import { createLivePlanCharges } from './billing/live-plan-charges';
import { createTestModePlanCharges } from './billing/renewal-charges';
import { createPlanAllowanceGate } from './billing/plan-allowance-gate';
import { createPlanPaymentHandler } from './billing/plan-orders';
import { createWalletInvoiceSources } from './billing/wallet-invoice-sources';
import { createBackgroundTasks } from './shared/background-tasks';
import { createApiKeyLastUse } from './api-keys/api-key-last-use';
import { createApiKeyHasher } from './api-keys/api-key-secrets';
import { trackOpenRequests } from './http/open-requests';
import { createLogger } from './logger';
import { createMetrics } from './observability/metrics';
import { startMetricsListener, type MetricsListener } from './observability/metrics-listener';
import { modelCallMetrics } from './metered-calls/model-call-metrics';
import { startTracing } from './observability/tracing/tracing';
import { createSingleSignOnDependencies } from './single-sign-on/create-single-sign-on';
import { createPasswordSignInPolicy } from './single-sign-on/enforcement';
import { createWallet } from './wallet/create-wallet';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defaultWebRoot = path.join(projectRoot, 'dist/web');

export interface RunningServer {
  url: string;
  logger: Logger;
  /** The server's database, for tests that change what another instance or an operator could. */
  database: DatabaseHandle;
  /** Each organisation's own router on this instance, for tests that teach it labels directly. */
  organisationRouters?: OrganisationRouters;
  /** Each organisation's learned cache on this instance, for tests that teach it labels directly. */
  cacheLearning?: CacheLearning;
  /** Where Prometheus scrapes this server, when metrics are on (METRICS_PORT). */
  metricsUrl?: string;
  /** Resolves once no model call, reply or background evaluation is running (tests). */
  modelCallsSettled(): Promise<void>;
  /** This instance's budget leases (docs/decisions/073), for tests that return idle ones before reading the books. */
  leases: Pick<BudgetLeases, 'returnIdle' | 'book'>;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), then closes the database. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Overrides the embedded database folder, e.g. `memory://` in tests. */
  pgliteDataDir?: string;
  webRoot?: string | null;
  logger?: Logger;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const started = performance.now();
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: options.pgliteDataDir ?? path.join(config.dataDir, 'pglite'),
  });
  // Caller state (settings, role grants, policy, keys) held in memory, forgotten on every instance when it changes (docs/decisions/066).
  const callerState = await startCallerState(database);
  let shuttingDown = false;
  let publicUrl = config.publicUrl ?? '';
  const backgroundTasks = createBackgroundTasks(logger);
  const auth: AuthDependencies = {
    db: database.db,
    passwords: createPasswordHasher(config.argon2),
    accessTokens: createAccessTokens(secretKey, config.accessTokenTtlSeconds),
    recentCallers: createRecentCallers(),
    loginThrottle: createLoginThrottle({ db: database.db, limits: config.loginThrottle, logger }),
    signupThrottle: createSlidingWindow({
      max: config.signupThrottle.maxPerAddress,
      windowSeconds: config.signupThrottle.windowSeconds,
    }),
    passwordResetThrottle: {
      perClient: createSlidingWindow({
        max: config.passwordResetThrottle.maxPerAddress,
        windowSeconds: config.passwordResetThrottle.windowSeconds,
      }),
      perRecipient: createSlidingWindow({
        max: config.passwordResetThrottle.maxPerEmail,
        windowSeconds: config.passwordResetThrottle.windowSeconds,
      }),
    },
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    }),
    backgroundTasks,
    totpSecrets: createSecretBox(secretKey, 'totp'),
    refreshSuccessors: createSecretBox(secretKey, 'refresh-successors'),
    recoveryCodes: createRecoveryCodeHasher(secretKey),
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    refreshReuseGraceSeconds: config.refreshReuseGraceSeconds,
    trialCreditUsd: config.wallet.trialCreditUsd,
    linkTo: (pagePath, token) => `${publicUrl}${pagePath}?token=${encodeURIComponent(token)}`,
    logger,
    // Enforced single sign-on refuses passwords at an organisation's proven domains (docs/decisions/045).
    passwordSignInPolicy: createPasswordSignInPolicy(database.db),
  };
  const singleSignOn = createSingleSignOnDependencies({
    db: database.db,
    auth,
    secretKey,
    settings: config.singleSignOn,
    publicUrl: () => publicUrl,
    logger,
  });
  // The built-in catalog and the models the operator declared for an OpenAI-compatible server.
  const catalog = [...modelCatalog, ...config.openAiCompatibleModels];
  const embeddingModels = [...embeddingModelCatalog, ...config.openAiCompatibleEmbeddingModels];
  // Prices as data (docs/decisions/071): the operator's file applied, every version held in memory.
  const prices = await startPriceBook({
    db: database.db,
    logger,
    models: [...catalog, ...embeddingModels],
    pricesFile: config.pricesFile,
    refreshMs: config.priceBookRefreshMs,
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // One embedded model for the whole process; nothing loads until the first local request.
  const embeddedModel: EmbeddedModel | undefined = config.localModel.enabled
    ? createEmbeddedModel({
        cacheDirectory: path.join(config.dataDir, 'models'),
        modelPath: config.localModel.path,
        maxWaiting: config.localModel.maxWaiting,
        onLog: (level, message) => logger.debug({ level, message }, 'local model'),
      })
    : undefined;
  const inFlightCalls = createInFlightCalls();
  const metrics = config.metrics ? createMetrics() : undefined;
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; the spans are the API's no-ops then.
  const tracing = config.tracing
    ? startTracing({ ...config.tracing, onError: (error) => logger.warn({ err: error }, 'sending traces failed') })
    : undefined;
  const providerSecrets = createSecretBox(secretKey, 'provider-keys');
  const addressGuard = createAddressGuard({ allowedNetworks: config.organisationUrlAllowedNetworks });
  const providers = createOrganisationProviders({
    db: database.db,
    secrets: providerSecrets,
    instanceCredentials: config.providerCredentials,
    organisationFetch: addressGuard.fetch,
  });
  // Before serving: model calls and replies a stopped server left streaming are marked interrupted (docs/decisions/015).
  const instanceId = randomUUID();
  // The rows of many calls in one transaction (docs/decisions/074).
  const writer = createGroupCommit({ db: database.db, observer: metrics && groupCommitMetrics(metrics) });
  // Room in limits, key budgets and wallets, claimed in slices and held from memory (docs/decisions/073).
  const leases = createBudgetLeases({
    database: database.db,
    owner: instanceId,
    logger,
    idleMs: config.budgetLeaseIdleSeconds * 1_000,
  });
  if (metrics)
    hotPathGauges(metrics, {
      writerDepth: () => writer.depth,
      leases: () => leases.book.all().map((lease) => ({ kind: lease.scope.kind, holds: lease.holds })),
    });
  const callJournal = createCallJournal({
    database,
    logger,
    transcripts: [replyTranscriptStore],
    instanceId,
    leases,
    writer,
  });
  // Invoices read usage from the wallet's ledger (docs/decisions/023). Plans are paid through the wallet's payments, by card or
  // from the wallet, and applied once paid (docs/decisions/024, 040): with Stripe, or in test mode with Stripe's test cards.
  const planAllowance = createPlanAllowanceGate(database.db);
  const billing: Pick<BillingDependencies, 'charges' | 'sources' | 'cardPayments' | 'onPlanChanged'> = {
    charges: config.wallet.stripe ? createLivePlanCharges() : createTestModePlanCharges(),
    sources: createWalletInvoiceSources(catalog),
    onPlanChanged: planAllowance.forget,
  };
  // A change announced by any instance reaches the caches kept beside the caller state too.
  callerState.onForget((orgId) => {
    // Including the wallet's postings that are not calls' debits (migration 0047): the leases claim again.
    leases.invalidate(orgId);
    if (orgId === undefined) return;
    providers.forget(orgId);
    planAllowance.forget(orgId);
  });
  const planPayments = createPlanPaymentHandler({ db: database.db, catalog, ...billing });
  const wallet = createWallet(config.wallet, database, logger, { appUrl: () => publicUrl, plans: planPayments });
  billing.cardPayments = wallet.dependencies;
  const routing = await callJournal
    .start()
    // After the replies are recovered (their usage debited): open payments start being settled, asked-for reloads charged.
    .then(() => wallet.jobs.start())
    .then(() =>
      createRequestRouting(database, config.routing, logger, inFlightCalls, (encoder) =>
        metrics?.encoderCalls.inc({ encoder }),
      ),
    )
    .catch(async (error: unknown) => {
      prices.stop();
      await wallet.jobs.stop();
      await callJournal.stop();
      await database.close();
      throw error;
    });
  const warmingUp = warmEncoder(routing, config.routing.warmEncoderAtStart, logger);
  // Every model call for an organisation goes through here (docs/decisions/037).
  const meteredCalls = createMeteredCalls({
    db: database.db,
    logger,
    catalog,
    prices,
    providers,
    gateways: createModelGateways({ catalog, embedded: embeddedModel }),
    policies: routing.policies,
    journal: callJournal,
    leases,
    writer,
    inFlight: inFlightCalls,
    wallet: { enforced: config.wallet.enforced, usageRecorded: (orgId) => wallet.jobs.wake(orgId) },
    planAllowance,
    localModelEnabled: config.localModel.enabled,
    firstPartTimeoutMs: config.routing.firstPartTimeoutMs,
    observer: modelCallMetrics(metrics),
  });
  const conversations: ConversationDependencies = {
    db: database.db,
    leases,
    providers,
    catalog,
    prices,
    localModelEnabled: config.localModel.enabled,
    localModel: embeddedModel,
    logger,
    inFlight: inFlightCalls,
    meteredCalls,
    setupGate: createSetupGate(config.chatSetupConcurrency),
    exportLinks: createExportLinks(secretKey),
    routing,
    shadowEvaluator: createShadowEvaluator({
      db: database.db,
      logger,
      meteredCalls,
      inFlight: inFlightCalls,
      labelled: routing.organisationRouters && learnFromShadowLabels(routing.organisationRouters, logger),
    }),
    cacheHitChecks:
      routing.cacheLearning &&
      createCacheHitChecks({
        db: database.db,
        logger,
        meteredCalls,
        prices,
        inFlight: inFlightCalls,
        learning: routing.cacheLearning,
      }),
  };
  // Organisation API keys: hashed under the server key; their last use written after the requests (docs/decisions/049).
  const apiKeyLastUse = createApiKeyLastUse({ db: database.db, logger });
  const app = createApp({
    database,
    auth,
    apiKeys: { db: database.db, hasher: createApiKeyHasher(secretKey), lastUse: apiKeyLastUse },
    conversations,
    embeddingModels,
    wallet: wallet.dependencies,
    providerKeys: { db: database.db, secrets: providerSecrets, providers, addressGuard },
    singleSignOn,
    scim: { db: database.db, recentCallers: auth.recentCallers, baseUrl: () => `${publicUrl}/scim/v2` },
    billing,
    routingPolicy: {
      db: database.db,
      policies: routing.policies,
      providers,
      catalog,
      localModelEnabled: config.localModel.enabled,
      defaultCacheThreshold: defaultCacheSettings.similarityThreshold,
    },
    logger,
    trustProxy: config.trustProxy,
    maxBodyBytes: config.maxBodyBytes,
    corsOrigins: config.corsOrigins,
    webRoot: options.webRoot === null ? undefined : (options.webRoot ?? defaultWebRoot),
    metrics,
    isShuttingDown: () => shuttingDown,
    warmingUp: () =>
      warmingUp.pending
        ? 'the sentence encoder is loading'
        : chatPathWarming.pending
          ? 'warming up the chat path'
          : undefined,
  });
  // After the encoder, whose first use it would otherwise wait for (docs/benchmarks/first-message.md).
  const chatPathWarming = { pending: config.routing.warmChatPathAtStart };
  if (chatPathWarming.pending) {
    void warmingUp.done
      .then(() => (shuttingDown ? undefined : warmChatPath(conversations, app, logger)))
      .finally(() => (chatPathWarming.pending = false));
  }

  let server: ServerType | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const listening = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => resolve(listening));
      listening.once('error', reject);
    });
    metricsListener =
      config.metrics && metrics ? await startMetricsListener(metrics.registry, config.metrics) : undefined;
  } catch (error) {
    server?.close();
    await wallet.jobs.stop();
    await callJournal.stop();
    await routing.close?.();
    await embeddedModel?.close();
    prices.stop();
    await database.close();
    throw error;
  }
  keepConnectionsLongerThanClients(server);
  const openRequests = trackOpenRequests(server);
  const address = server.address() as AddressInfo;
  const url = `http://${config.host}:${address.port}`;
  publicUrl ||= url;
  logger.info(
    { url, database: database.kind, metrics: metricsListener?.url, ms: Math.round(performance.now() - started) },
    'server ready',
  );
  // Conversations past their organisation's retention period go now and every interval (docs/decisions/021).
  const retention = createRetentionJob({
    db: database.db,
    logger,
    intervalMs: config.retentionSweepIntervalSeconds * 1000,
  });
  retention.start();
  // Billing periods that ended are closed now and every interval: invoices issued, subscriptions renewed or ended.
  const invoiceJob = createInvoiceJob({
    dependencies: { db: database.db, catalog, ...billing },
    logger,
    intervalMs: config.invoiceSweepIntervalSeconds * 1000,
  });
  invoiceJob.start();

  return {
    url,
    logger,
    database,
    metricsUrl: metricsListener?.url,
    organisationRouters: routing.organisationRouters,
    cacheLearning: routing.cacheLearning,
    modelCallsSettled: () => inFlightCalls.settled(),
    leases,
    async close() {
      if (shuttingDown) return;
      shuttingDown = true;
      warmingUp.stop();
      // The port stays open while the drain lasts: new requests get a 503 (a balancer retries them elsewhere),
      // probes say "draining"; what was under way, streams included, finishes within the grace period.
      logger.info({ graceMs: config.shutdownTimeoutMs }, 'draining: open requests finish, new ones are refused');
      const finished = await openRequests.drained(config.shutdownTimeoutMs);
      if (!finished) logger.warn('in-flight requests did not finish in time; closing their connections');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      // Closing connections aborted any reply still streaming; each is recorded before the database goes.
      await inFlightCalls.settled();
      await retention.stop();
      await invoiceJob.stop();
      const unfinished = await backgroundTasks.settled(config.shutdownTimeoutMs);
      if (unfinished > 0)
        logger.warn({ unfinished }, 'background tasks (e-mails) did not finish in time; stopping without them');
      await wallet.jobs.stop();
      await callJournal.stop();
      await writer.drain();
      await apiKeyLastUse.close();
      await metricsListener?.close();
      await tracing?.close();
      await routing.close?.();
      await embeddedModel?.close();
      prices.stop();
      await database.close();
      logger.info('server stopped');
    },
  };
}

/**
 * Node closes an idle kept-alive connection after 5 s; a client (a load balancer, a browser, an
 * HTTP agent) that keeps it longer can send its next request just as it closes and get a reset
 * (seen as ECONNRESET in the browser journeys). Keeping idle connections 65 s, longer than the
 * common 60 s of load balancers, leaves the closing to the client.
 */
function keepConnectionsLongerThanClients(server: ServerType): void {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

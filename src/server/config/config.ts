import { isIP } from 'node:net';
import { z } from 'zod';
import { isDomainName } from '../../contracts';
import {
  parseDeclaredEmbeddingModels,
  parseDeclaredModels,
  parseNetwork,
  resolveInstanceCredentials,
  type CatalogModel,
  type EmbeddingModel,
  type ProviderCredentials,
} from '../../gateway';

const booleanFromString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const networkList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((networks) => networks.every((network) => parseNetwork(network) !== undefined), {
    error: "must be comma-separated IP addresses or CIDR networks, e.g. '10.0.0.0/8,fd00::/8'",
  });

const domainList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
      .filter(Boolean),
  )
  .refine((domains) => domains.every(isDomainName), {
    error: "must be comma-separated domain names, e.g. 'example.com'",
  });

const dnsServerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (servers) =>
      servers.every(
        (server) =>
          isIP(server) !== 0 ||
          /^(\d{1,3}\.){3}\d{1,3}:\d{1,5}$/.test(server) ||
          /^\[[0-9a-f:]+\]:\d{1,5}$/i.test(server),
      ),
    {
      error: "must be comma-separated IP addresses with optional ports, e.g. '10.0.0.53,127.0.0.1:5353'",
    },
  );

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SECRET_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // A used refresh token answered again with its pair, to the same address, this long after use (decision 036).
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  // The login throttle (decision 035).
  LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).default(10),
  LOGIN_KNOWN_ADDRESSES_ONLY_AFTER: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  SIGNUP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  TRUST_PROXY: booleanFromString.default(false),
  CORS_ORIGINS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tokenwise <no-reply@tokenwise.local>'),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8_192).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long a stopping server lets open requests and streams finish (SHUTDOWN_TIMEOUT_MS, in milliseconds, wins when set).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).optional(),
  // Prometheus metrics on their own listener, off unless a port is given (docs/decisions/057).
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  // OpenTelemetry traces over OTLP/HTTP, off unless an endpoint is given (the standard variables).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('tokenwise'),
  LOCAL_MODEL_ENABLED: booleanFromString.default(true),
  LOCAL_MODEL_PATH: z.string().min(1).optional(),
  LOCAL_MODEL_MAX_WAITING: z.coerce.number().int().min(0).default(8),
  ROUTER_FIRST_PART_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  CHAT_SETUP_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  RETENTION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(3600),
  INVOICE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  EMBEDDINGS_REMEMBERED: z.coerce.number().int().min(0).default(2_000),
  ENCODER_WARM_AT_START: booleanFromString.default(true),
  CHAT_PATH_WARM_AT_START: booleanFromString.default(true),
  CACHE_SPECULATIVE_CALLS: booleanFromString.default(true),
  CACHE_JUDGE_ENABLED: booleanFromString.default(false),
  // An OpenAI-compatible embeddings endpoint for the semantic cache instead of the embedded encoder.
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(8).max(4096).optional(),
  // Instance-wide provider credentials; the gateway's resolveInstanceCredentials reads these names.
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.url().optional(),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().optional(),
  GOOGLE_GENERATIVE_AI_BASE_URL: z.url().optional(),
  OPENAI_COMPATIBLE_BASE_URL: z.url().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  // The OpenAI-compatible server's models with their tiers and prices (a JSON array; parseDeclaredModels).
  OPENAI_COMPATIBLE_MODELS: z.string().optional(),
  PRICES_FILE: z.string().min(1).optional(),
  PRICE_BOOK_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // How long an instance keeps a budget lease no call is using before it returns it (docs/decisions/073).
  BUDGET_LEASE_IDLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Its embedding models for POST /v1/embeddings (a JSON array; parseDeclaredEmbeddingModels).
  OPENAI_COMPATIBLE_EMBEDDING_MODELS: z.string().optional(),
  // Organisations' base URLs stay on public addresses unless the operator names networks here.
  ORG_PROVIDER_URLS_ALLOWED_NETWORKS: networkList.default([]),
  // Single sign-on (docs/decisions/045): issuer URLs stay public unless the operator names networks here.
  SSO_ISSUER_ALLOWED_NETWORKS: networkList.default([]),
  // 'off': every domain an organisation claims counts as proven (instances that cannot check DNS).
  SSO_DOMAIN_VERIFICATION: z.enum(['dns', 'off']).default('dns'),
  SSO_TRUSTED_DOMAINS: domainList.default([]),
  SSO_DNS_SERVERS: dnsServerList.default([]),
  // The prepaid wallet (docs/decisions/022).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, { error: 'must be a Stripe secret key (sk_…) or restricted key (rk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_API_BASE: z.url().optional(),
  TRIAL_CREDIT_USD: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: 'must be an amount of dollars with at most 2 decimals, e.g. 5 or 2.50' })
    .default('5'),
  BILLING_ENFORCED: booleanFromString.default(true),
  WALLET_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
});

type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  environment: RawConfig['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Base of links in e-mails; defaults to the address the server listens on. */
  publicUrl: string | undefined;
  secretKey: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Seconds a used refresh token is answered again with the pair it got, to the same address; 0: never. */
  refreshReuseGraceSeconds: number;
  /** Failed logins per address, per (username, address) and per username (docs/decisions/035). */
  loginThrottle: {
    maxFailuresPerAddress: number;
    maxFailuresPerUsernameAndAddress: number;
    maxFailuresPerUsername: number;
    knownAddressesOnlyAfter: number;
    windowSeconds: number;
  };
  /** Sign-ups (successful or not) per client address. */
  signupThrottle: { maxPerAddress: number; windowSeconds: number };
  /** Reset requests per client address (answered 429 past it) and reset e-mails per recipient (quietly none past it). */
  passwordResetThrottle: { maxPerAddress: number; maxPerEmail: number; windowSeconds: number };
  trustProxy: boolean;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  maxBodyBytes: number;
  argon2: { memoryKib: number; timeCost: number };
  logLevel: RawConfig['LOG_LEVEL'];
  shutdownTimeoutMs: number;
  /** Prometheus metrics on their own listener; absent when off. `token`: a bearer token scrapes must send. */
  metrics: { port: number; host: string; token: string | undefined } | undefined;
  /** Where OpenTelemetry spans go (OTLP/HTTP JSON); absent when tracing is off. */
  tracing: { tracesUrl: string; serviceName: string } | undefined;
  /** The embedded model: on by default so a fresh install chats without any key. */
  /** Chat requests that may set up at once; the rest wait in arrival order (src/server/conversations/setup-gate.ts). */
  chatSetupConcurrency: number;
  /** How often conversations past their organisation's retention period are deleted (also once at start). */
  retentionSweepIntervalSeconds: number;
  /** How often billing periods that ended are closed: invoices issued, subscriptions renewed or ended (also once at start). */
  invoiceSweepIntervalSeconds: number;
  localModel: { enabled: boolean; path: string | undefined; maxWaiting: number };
  routing: {
    firstPartTimeoutMs: number;
    /** Recent texts whose embeddings are kept (the router and the cache share them); 0: none. */
    rememberedEmbeddings: number;
    /** Load the embedded encoder at start (readiness waits for it) rather than on the first chat message. */
    warmEncoderAtStart: boolean;
    /** Runs the chat path's reads once at start (readiness waits), so the first message is not the one compiling them. */
    warmChatPathAtStart: boolean;
    /** Ask a cloud model while the semantic cache is searched, stopping it on a hit (docs/decisions/032). */
    speculativeCalls: boolean;
    /** Ask the caller's cheapest cloud model about borderline cache pairs (docs/decisions/026, amendment). */
    cacheJudge: boolean;
    /** The cache's remote encoder; absent, the embedded one is used. */
    embeddings?: { baseURL: string; apiKey?: string; model: string; dimensions: number };
  };
  /**
   * Models the operator declared for OpenAI-compatible servers (OPENAI_COMPATIBLE_MODELS), added
   * to the built-in catalog; they serve the instance's server and organisations' own ones alike.
   */
  openAiCompatibleModels: CatalogModel[];
  /** Embedding models declared for OpenAI-compatible servers (OPENAI_COMPATIBLE_EMBEDDING_MODELS), beside OpenAI's. */
  openAiCompatibleEmbeddingModels: EmbeddingModel[];
  /** A prices file applied at start (PRICES_FILE, docs/decisions/071): its changed prices become new versions. */
  pricesFile?: string;
  /** How long a budget lease no call uses is kept before it is returned (BUDGET_LEASE_IDLE_SECONDS). */
  budgetLeaseIdleSeconds: number;
  /** How often each instance reads the price book again (PRICE_BOOK_REFRESH_SECONDS). */
  priceBookRefreshMs: number;
  /** Instance-wide provider keys; never logged. Their base URLs may point anywhere, the operator's choice. */
  providerCredentials: ProviderCredentials;
  /**
   * Non-public networks organisations' provider base URLs may reach anyway (CIDR or single
   * addresses); empty by default: public addresses only (docs/decisions/014).
   */
  organisationUrlAllowedNetworks: string[];
  /** Single sign-on and SCIM (docs/decisions/045, 046). */
  singleSignOn: {
    /** Non-public networks issuer URLs may reach (an internal Keycloak); http issuers only there. */
    issuerAllowedNetworks: string[];
    /** 'off': organisations' domains count as proven without a DNS record. */
    domainVerification: 'dns' | 'off';
    /** Domains (and their subdomains) the operator vouches for: proven without a DNS record. */
    trustedDomains: string[];
    /** Resolvers for the TXT record check; empty, the system's. */
    dnsServers: string[];
  };
  /** The prepaid wallet (docs/decisions/022); without Stripe, the built-in test mode. Keys never logged. */
  wallet: {
    /** Dollars each new organisation's wallet starts with, as exact text. */
    trialCreditUsd: string;
    /** Refuse paid model calls the wallet cannot pay for; off, the wallet only reports. */
    enforced: boolean;
    stripe?: { secretKey: string; webhookSecret?: string; apiBase?: string };
    reconcileIntervalMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the environment once; every bad variable is named in the error. Empty values count as unset. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = parsed.data;
  if (raw.EMBEDDINGS_BASE_URL && (!raw.EMBEDDINGS_MODEL || !raw.EMBEDDINGS_DIMENSIONS)) {
    throw new ConfigError(['EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS are required with EMBEDDINGS_BASE_URL']);
  }
  const declared = raw.OPENAI_COMPATIBLE_MODELS
    ? parseDeclaredModels(raw.OPENAI_COMPATIBLE_MODELS, new Date().toISOString().slice(0, 10))
    : { models: [] };
  if (declared.problems)
    throw new ConfigError(declared.problems.map((problem) => `OPENAI_COMPATIBLE_MODELS: ${problem}`));
  const declaredEmbeddings = raw.OPENAI_COMPATIBLE_EMBEDDING_MODELS
    ? parseDeclaredEmbeddingModels(raw.OPENAI_COMPATIBLE_EMBEDDING_MODELS, new Date().toISOString().slice(0, 10))
    : { models: [] };
  if (declaredEmbeddings.problems)
    throw new ConfigError(
      declaredEmbeddings.problems.map((problem) => `OPENAI_COMPATIBLE_EMBEDDING_MODELS: ${problem}`),
    );
  return {
    environment: raw.NODE_ENV,
    host: raw.HOST,
    port: raw.PORT,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    publicUrl: raw.PUBLIC_URL?.replace(/\/$/, ''),
    secretKey: raw.SECRET_KEY,
    accessTokenTtlSeconds: raw.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: raw.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: raw.REFRESH_REUSE_GRACE_SECONDS,
    loginThrottle: {
      maxFailuresPerAddress: raw.LOGIN_MAX_FAILURES_PER_ADDRESS,
      maxFailuresPerUsernameAndAddress: raw.LOGIN_MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
      maxFailuresPerUsername: raw.LOGIN_MAX_FAILURES_PER_USERNAME,
      knownAddressesOnlyAfter: raw.LOGIN_KNOWN_ADDRESSES_ONLY_AFTER,
      windowSeconds: raw.LOGIN_THROTTLE_WINDOW_SECONDS,
    },
    signupThrottle: { maxPerAddress: raw.SIGNUP_MAX_PER_ADDRESS, windowSeconds: raw.SIGNUP_WINDOW_SECONDS },
    passwordResetThrottle: {
      maxPerAddress: raw.PASSWORD_RESET_MAX_PER_ADDRESS,
      maxPerEmail: raw.PASSWORD_RESET_MAX_PER_EMAIL,
      windowSeconds: raw.PASSWORD_RESET_WINDOW_SECONDS,
    },
    trustProxy: raw.TRUST_PROXY,
    corsOrigins: raw.CORS_ORIGINS
      ? raw.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    maxBodyBytes: raw.MAX_BODY_BYTES,
    argon2: { memoryKib: raw.ARGON2_MEMORY_KIB, timeCost: raw.ARGON2_TIME_COST },
    logLevel: raw.LOG_LEVEL,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS ?? raw.SHUTDOWN_GRACE_SECONDS * 1000,
    metrics:
      raw.METRICS_PORT === undefined
        ? undefined
        : { port: raw.METRICS_PORT, host: raw.METRICS_HOST, token: raw.METRICS_TOKEN },
    tracing: tracingOf(raw),
    chatSetupConcurrency: raw.CHAT_SETUP_CONCURRENCY,
    retentionSweepIntervalSeconds: raw.RETENTION_SWEEP_INTERVAL_SECONDS,
    invoiceSweepIntervalSeconds: raw.INVOICE_SWEEP_INTERVAL_SECONDS,
    localModel: {
      enabled: raw.LOCAL_MODEL_ENABLED,
      path: raw.LOCAL_MODEL_PATH,
      maxWaiting: raw.LOCAL_MODEL_MAX_WAITING,
    },
    routing: {
      firstPartTimeoutMs: raw.ROUTER_FIRST_PART_TIMEOUT_MS,
      rememberedEmbeddings: raw.EMBEDDINGS_REMEMBERED,
      warmEncoderAtStart: raw.ENCODER_WARM_AT_START,
      warmChatPathAtStart: raw.CHAT_PATH_WARM_AT_START,
      speculativeCalls: raw.CACHE_SPECULATIVE_CALLS,
      cacheJudge: raw.CACHE_JUDGE_ENABLED,
      embeddings: raw.EMBEDDINGS_BASE_URL
        ? {
            baseURL: raw.EMBEDDINGS_BASE_URL,
            apiKey: raw.EMBEDDINGS_API_KEY,
            model: raw.EMBEDDINGS_MODEL!,
            dimensions: raw.EMBEDDINGS_DIMENSIONS!,
          }
        : undefined,
    },
    providerCredentials: resolveInstanceCredentials({
      OPENAI_API_KEY: raw.OPENAI_API_KEY,
      OPENAI_BASE_URL: raw.OPENAI_BASE_URL,
      ANTHROPIC_API_KEY: raw.ANTHROPIC_API_KEY,
      ANTHROPIC_BASE_URL: raw.ANTHROPIC_BASE_URL,
      GOOGLE_GENERATIVE_AI_API_KEY: raw.GOOGLE_GENERATIVE_AI_API_KEY,
      GOOGLE_GENERATIVE_AI_BASE_URL: raw.GOOGLE_GENERATIVE_AI_BASE_URL,
      OPENAI_COMPATIBLE_BASE_URL: raw.OPENAI_COMPATIBLE_BASE_URL,
      OPENAI_COMPATIBLE_API_KEY: raw.OPENAI_COMPATIBLE_API_KEY,
    }),
    openAiCompatibleModels: declared.models,
    openAiCompatibleEmbeddingModels: declaredEmbeddings.models,
    pricesFile: raw.PRICES_FILE,
    priceBookRefreshMs: raw.PRICE_BOOK_REFRESH_SECONDS * 1000,
    budgetLeaseIdleSeconds: raw.BUDGET_LEASE_IDLE_SECONDS,
    organisationUrlAllowedNetworks: raw.ORG_PROVIDER_URLS_ALLOWED_NETWORKS,
    singleSignOn: {
      issuerAllowedNetworks: raw.SSO_ISSUER_ALLOWED_NETWORKS,
      domainVerification: raw.SSO_DOMAIN_VERIFICATION,
      trustedDomains: raw.SSO_TRUSTED_DOMAINS,
      dnsServers: raw.SSO_DNS_SERVERS,
    },
    wallet: {
      trialCreditUsd: raw.TRIAL_CREDIT_USD,
      enforced: raw.BILLING_ENFORCED,
      stripe: raw.STRIPE_SECRET_KEY
        ? { secretKey: raw.STRIPE_SECRET_KEY, webhookSecret: raw.STRIPE_WEBHOOK_SECRET, apiBase: raw.STRIPE_API_BASE }
        : undefined,
      reconcileIntervalMs: raw.WALLET_RECONCILE_INTERVAL_SECONDS * 1000,
    },
  };
}

/** The OTLP traces URL as the OpenTelemetry specification builds it: the signal's own variable as is, or the base plus /v1/traces. */
function tracingOf(raw: RawConfig): Config['tracing'] {
  const tracesUrl =
    raw.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (raw.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${withoutTrailingSlash(raw.OTEL_EXPORTER_OTLP_ENDPOINT)}/v1/traces`
      : undefined);
  return tracesUrl ? { tracesUrl, serviceName: raw.OTEL_SERVICE_NAME } : undefined;
}

function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

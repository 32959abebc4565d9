import { defineConfig } from '@playwright/test';
import {
  e2eBaseUrl,
  e2eDataDir,
  e2eFakeProviderPort,
  e2eFakeProviderUrl,
  e2eFakeStripePort,
  e2eFakeStripeSecretKey,
  e2eFakeStripeUrl,
  e2eFakeStripeWebhookSecret,
  e2eLiveBaseUrl,
  e2eLiveDataDir,
  e2eLivePort,
  e2ePort,
  e2eSingleSignOnTrustedDomain,
} from './tests/e2e/support/environment';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

// The data directory is wiped before the server starts, so every run begins with an empty database and outbox.
const clean = (folder: string) =>
  `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" "${folder}"`;
const cleanDataDir = clean(e2eDataDir);
// Journeys that need real card payments (STRIPE_SECRET_KEY set) run against the second server only.
const liveJourneys = /stripe-live\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: e2eBaseUrl,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'chromium', testIgnore: liveJourneys },
    { name: 'stripe-live', testMatch: liveJourneys, use: { baseURL: e2eLiveBaseUrl } },
  ],
  webServer: [
    {
      // The fake model provider (OpenAI and Anthropic wire formats). Unmarked prompts get the default
      // 'Fake reply to: <last user message>'; a test scripts its own replies under a key marked in its
      // prompt (tests/support/scripted-providers.ts), so no shared queue and tests stay parallel-safe.
      command: `node --import tsx tests/support/run-scripted-providers.ts ${e2eFakeProviderPort}`,
      url: `${e2eFakeProviderUrl}/_scripts/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `${cleanDataDir} && npx vite build && node --import tsx src/server/main.ts`,
      url: `${e2eBaseUrl}/api/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(e2ePort),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        LOG_LEVEL: 'warn',
        // Chat goes to the fake provider; the embedded local model stays off.
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: `${e2eFakeProviderUrl}/v1`,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: `${e2eFakeProviderUrl}/v1`,
        LOCAL_MODEL_ENABLED: 'false',
        // Every journey signs up its own organisation, all from 127.0.0.1.
        SIGNUP_MAX_PER_ADDRESS: '1000',
        // Single sign-on journeys start their identity provider on loopback and use domains vouched for here.
        SSO_ISSUER_ALLOWED_NETWORKS: '127.0.0.1/32',
        SSO_TRUSTED_DOMAINS: e2eSingleSignOnTrustedDomain,
        // An organisation's own provider key may lead to the fake provider, on loopback.
        ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '127.0.0.1/32',
      },
    },
    {
      // Stripe's API, Checkout's hosted page and signed webhooks, for the live-mode server below.
      command: `node --import tsx tests/support/run-fake-stripe-server.ts ${e2eFakeStripePort} ${e2eLiveBaseUrl}/api/billing/stripe/webhook ${e2eFakeStripeSecretKey} ${e2eFakeStripeWebhookSecret}`,
      url: `${e2eFakeStripeUrl}/_health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The same app in live mode: payments go to the fake Stripe server. It serves the web app the first server builds.
      command: `${clean(e2eLiveDataDir)} && node --import tsx src/server/main.ts`,
      url: `${e2eLiveBaseUrl}/api/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(e2eLivePort),
        HOST: '127.0.0.1',
        DATA_DIR: e2eLiveDataDir,
        LOG_LEVEL: 'warn',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: `${e2eFakeProviderUrl}/v1`,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: `${e2eFakeProviderUrl}/v1`,
        LOCAL_MODEL_ENABLED: 'false',
        SIGNUP_MAX_PER_ADDRESS: '1000',
        STRIPE_SECRET_KEY: e2eFakeStripeSecretKey,
        STRIPE_WEBHOOK_SECRET: e2eFakeStripeWebhookSecret,
        STRIPE_API_BASE: e2eFakeStripeUrl,
      },
    },
  ],
});

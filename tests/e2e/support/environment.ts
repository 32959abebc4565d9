import path from 'node:path';

/**
 * One server for the whole run, on a fixed port (E2E_PORT moves it, for two runs on one machine),
 * with its own fresh data directory.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDataDir = path.resolve('.tmp/e2e-data');
export const e2eOutboxDir = path.join(e2eDataDir, 'outbox');

/** The fake model provider the e2e server calls instead of OpenAI and Anthropic. */
export const e2eFakeProviderPort = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? e2ePort + 1);
export const e2eFakeProviderUrl = `http://127.0.0.1:${e2eFakeProviderPort}`;

/**
 * A second server for the live-mode journeys (tests/e2e/stripe-live.spec.ts): STRIPE_SECRET_KEY set,
 * Stripe's API being the fake Stripe server (tests/support/fake-stripe-server.ts) this run starts,
 * which delivers its signed webhooks back to that server.
 */
export const e2eLivePort = Number(process.env.E2E_LIVE_PORT ?? e2ePort + 2);
export const e2eLiveBaseUrl = `http://127.0.0.1:${e2eLivePort}`;
export const e2eLiveDataDir = path.resolve('.tmp/e2e-live-data');
export const e2eFakeStripePort = Number(process.env.E2E_FAKE_STRIPE_PORT ?? e2ePort + 3);
export const e2eFakeStripeUrl = `http://127.0.0.1:${e2eFakeStripePort}`;
// Made up for the fake: it accepts only these, and signs its webhooks with the second.
export const e2eFakeStripeSecretKey = 'sk_test_e2e_fake_stripe_key';
export const e2eFakeStripeWebhookSecret = 'whsec_e2e_fake_stripe_webhook_secret';

/**
 * Domains under this one count as proven for single sign-on on the e2e server (SSO_TRUSTED_DOMAINS),
 * which also lets issuer URLs reach loopback, where the journeys' identity provider listens.
 */
export const e2eSingleSignOnTrustedDomain = 'sso-e2e.test';
/** The single sign-on journeys' identity provider (oidc-provider), started by the spec itself. */
export const e2eIdentityProviderPort = Number(process.env.E2E_IDENTITY_PROVIDER_PORT ?? e2ePort + 4);

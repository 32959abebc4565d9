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

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../src/server/config/config';
import { dumpMigratedMemoryDatabase } from '../../../src/server/db/database';
import { startServer } from '../../../src/server/server';
import { startScriptedProviders } from '../../support/scripted-providers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseKind: string;
    /** The scripted fake model provider the suite's server calls (OpenAI and Anthropic wire formats). */
    fakeProviderUrl: string;
    /** A dump of a migrated in-memory database, which the tests' in-memory databases start from. */
    memoryDatabaseTemplate: string;
  }
}

/**
 * One real server over HTTP for the API suite: in-memory PGlite by default, or the PostgreSQL
 * server named by TEST_DATABASE_URL (the test runner starts one). Tests isolate themselves by
 * creating their own organisations, and their own client addresses through X-Forwarded-For.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tokenwise-api-'));
  const memoryDatabaseTemplate = path.join(dataDir, 'memory-database-template.tar');
  await writeFile(memoryDatabaseTemplate, Buffer.from(await (await dumpMigratedMemoryDatabase()).arrayBuffer()));
  const providers = await startScriptedProviders();
  const config = loadConfig({
    // The embedded model stays off here; one dedicated test starts its own server with it.
    LOCAL_MODEL_ENABLED: 'false',
    OPENAI_API_KEY: 'sk-test-dummy',
    OPENAI_BASE_URL: `${providers.url}/v1`,
    ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
    ANTHROPIC_BASE_URL: `${providers.url}/v1`,
    // Organisations' keys in this suite point at the fake provider on loopback, which the operator allows here.
    ORG_PROVIDER_URLS_ALLOWED_NETWORKS: '127.0.0.1/32',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MAX_BODY_BYTES: '65536',
    NODE_ENV: 'test',
  });
  const server = await startServer(config, { pgliteDataDir: 'memory://', webRoot: null });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('fakeProviderUrl', providers.url);
  project.provide('memoryDatabaseTemplate', memoryDatabaseTemplate);
  project.provide('databaseKind', process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  return async () => {
    await server.close();
    await providers.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

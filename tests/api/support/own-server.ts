import { loadConfig, type Config } from '../../../src/server/config/config';

/**
 * Settings for a server a test starts itself (to reach its database, give it its own fake
 * provider or a setting the suite's server lacks): any free port, the suite's PostgreSQL server
 * when it runs on one, quiet, no embedded model and no encoder loaded before it is needed, plus the test's own variables.
 */
export function ownServerConfig(dataDir: string, variables: Record<string, string>): Config {
  return loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    LOG_LEVEL: 'silent',
    LOCAL_MODEL_ENABLED: 'false',
    // Each of these servers would load its own encoder thread; the one test of warming asks for it.
    ENCODER_WARM_AT_START: 'false',
    CHAT_PATH_WARM_AT_START: 'false',
    ...variables,
  });
}

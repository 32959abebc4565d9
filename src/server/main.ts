import { type Config, ConfigError, loadConfig } from './config/config';
import { startServer } from './server';

/** The process entry: read configuration once, start, and stop cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});

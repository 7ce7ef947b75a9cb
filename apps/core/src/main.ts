import { ConfigError, loadConfig } from './config';
import { createLogger } from './platform/logger';
import { startServer } from './server';

/** The process entry point: the only module that starts anything on import. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const running = await startServer(config, logger);
  const database = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  logger.info({ url: running.url, database, ms: Math.round(performance.now() - startedAt) }, 'prism ready');
  process.stdout.write(
    `\nPrism is running at ${running.url}  (database: ${database}, ready in ${Math.round(performance.now() - startedAt)} ms)\n\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Prism failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});

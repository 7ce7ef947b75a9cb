import { ConfigError, loadConfig, moneyModeLine } from './config';
import { isClusterPrimary, runPrimary, workerCount } from './platform/cluster';
import { DataDirInUseError } from './platform/dataDirLock';
import { createLogger } from './platform/logger';
import { ListenError, startServer } from './server';

/** Past this, shutdown gives up waiting and exits anyway (each step also has its own limit). */
const SHUTDOWN_DEADLINE_MS = 30_000;

/** The process entry point: the only module that starts anything on import. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const workers = workerCount(config.WORKERS, !config.DATABASE_URL);
  if (isClusterPrimary(workers)) {
    runPrimary(workers, logger);
    return;
  }
  const running = await startServer(config, logger);
  const database = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const money = moneyModeLine(config);
  logger.info({ url: running.url, database, moneyMode: config.moneyMode, ms: Math.round(performance.now() - startedAt) }, 'prism ready');
  process.stdout.write(
    `\nPrism is running at ${running.url}  (database: ${database}, ready in ${Math.round(performance.now() - startedAt)} ms)\n${money}\n\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without finishing shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    const deadline = setTimeout(() => {
      logger.error({ ms: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // stop() never rejects: each step is isolated and bounded; only an essential failure (the database) is an error exit.
    const report = await running.stop();
    logger.info(report, 'stopped');
    process.exit(report.clean ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof ListenError || error instanceof DataDirInUseError) {
    process.stderr.write(`Prism failed to start: ${error.message}\n`);
  } else {
    process.stderr.write(`Prism failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});

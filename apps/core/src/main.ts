import { ConfigError, fairnessModeLine, loadConfig, moneyModeLine } from './config';
import { isClusterPrimary, runPrimary, workerCount } from './platform/cluster';
import { DataDirInUseError } from './platform/dataDirLock';
import { createLogger } from './platform/logger';
import { listenForStop } from './platform/shutdown';
import { ListenError, startServer } from './server';

/** Past this, shutdown gives up waiting and exits anyway (each step also has its own limit). */
const SHUTDOWN_DEADLINE_MS = 30_000;

/** The process entry point: the only module that starts anything on import. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  // Before anything else: a signal during start-up must not kill the process half-way (platform/shutdown.ts).
  const stopRequest = listenForStop();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  stopRequest.onRepeat((signal) => logger.info({ signal }, 'already stopping; the signal changes nothing'));
  const workers = workerCount(config.WORKERS, !config.DATABASE_URL);
  if (isClusterPrimary(workers)) {
    runPrimary(workers, logger, stopRequest.signal);
    return;
  }
  // The deadline counts from the signal, also when it came during start-up.
  void stopRequest.signal.then(() => {
    setTimeout(() => {
      logger.error({ ms: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
  });
  const running = await startServer(config, logger);
  const database = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const money = `${moneyModeLine(config)}\n${fairnessModeLine(config)}`;
  logger.info(
    {
      url: running.url,
      database,
      moneyMode: config.moneyMode,
      fairnessMode: config.GAME_BEACON,
      ms: Math.round(performance.now() - startedAt),
    },
    'prism ready',
  );
  process.stdout.write(
    `\nPrism is running at ${running.url}  (database: ${database}, ready in ${Math.round(performance.now() - startedAt)} ms)\n${money}\n\n`,
  );

  const signal = await stopRequest.signal;
  logger.info({ signal }, 'stopping');
  // stop() never rejects: each step is isolated and bounded; only an essential failure (the database) is an error exit.
  const report = await running.stop();
  logger.info(report, 'stopped');
  process.exit(report.clean ? 0 : 1);
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

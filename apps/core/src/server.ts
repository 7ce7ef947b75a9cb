import type { Server } from 'node:http';
import path from 'node:path';
import { type BotAccounts, configureBotProfile, createBot, createGrammyTransport, type WithdrawalReview } from '@prism/bot';
import { webhookCallback } from 'grammy';
import { createApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { answerClientErrorsWithEnvelope } from './http/clientErrors';
import { type Clock, scaledClock, systemClock } from './platform/clock';
import { createEventBus } from './platform/events';
import type { Logger } from './platform/logger';
import { startMaintenance } from './platform/maintenance';
import { cryptoRandom } from './platform/random';
import { loadOrCreateSecret, OPS_TOKEN_FILE } from './platform/secret';
import { createServices, publicUrlOf, type Services } from './services';

export interface RunningServer {
  url: string;
  server: Server;
  /** The running services and database, for tests and tools in the same process. */
  services: Services;
  db: Database;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrated and seeded), builds the app, listens, and starts
 * the bot when BOT_TOKEN is set. Called by main.ts and by tests of the whole process.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  logger.debug('database open; migrating');
  await database.migrate();
  logger.debug('migrated; seeding');
  await seedDatabase(database.db);
  logger.debug('seeded');
  const secret = await loadOrCreateSecret(config.JWT_SECRET, config.dataDir);
  const opsToken = await loadOrCreateSecret(config.OPS_TOKEN, config.dataDir, OPS_TOKEN_FILE);
  const publicUrl = publicUrlOf(config);

  // The bot needs the services (operator review) and the services need the bot (to send): bind late.
  let services: Services | undefined;
  const bot = config.BOT_TOKEN
    ? createBot({
        token: config.BOT_TOKEN,
        apiRoot: config.BOT_API_ROOT,
        miniAppUrl: config.MINI_APP_URL ?? publicUrl,
        miniAppShortName: config.MINI_APP_SHORT_NAME,
        onError: (error) => logger.error({ err: error }, 'bot update failed'),
        operators: { ids: config.OPERATOR_TELEGRAM_IDS.map(Number), review: reviewThrough(() => services) },
        accounts: accountsThrough(() => services),
      })
    : undefined;
  const webhook = bot && config.BOT_WEBHOOK_URL ? webhookCallback(bot, 'express', { secretToken: config.BOT_WEBHOOK_SECRET }) : undefined;

  const events = await createEventBus(database, database.db, logger);
  const clock = clockOf(config);
  const deps = {
    events,
    config,
    db: database.db,
    clock,
    random: cryptoRandom,
    logger,
    secret,
    opsToken,
    ...(bot ? { botTransport: createGrammyTransport(bot.api) } : {}),
    ...(webhook ? { botWebhook: webhook } : {}),
  };
  services = createServices(deps);
  const app = createApp(deps, services);

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  answerClientErrorsWithEnvelope(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;

  if (bot) await startBot(bot, config, logger, config.MINI_APP_URL ?? publicUrl);
  const stopMaintenance = startMaintenance(database.db, clock, logger);
  if (config.GAME_TICK_MS > 0) services.game.scheduler.start(config.GAME_TICK_MS);

  return {
    url,
    server,
    services,
    db: database.db,
    async stop() {
      stopMaintenance();
      await services?.game.scheduler.stop();
      if (bot?.isRunning()) await bot.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await events.stop();
      await database.close();
    },
  };
}

/** The real clock, or a simulated one when CLOCK_START / CLOCK_RATE are set (tests and simulations only). */
function clockOf(config: Config): Clock {
  if (config.CLOCK_START === undefined && config.CLOCK_RATE === 1) return systemClock;
  const start = config.CLOCK_START ? new Date(config.CLOCK_START) : new Date();
  return scaledClock(start, config.CLOCK_STARTED_AT ?? Date.now(), config.CLOCK_RATE);
}

async function startBot(bot: ReturnType<typeof createBot>, config: Config, logger: Logger, miniAppUrl: string): Promise<void> {
  await bot.init();
  await configureBotProfile(bot.api, { miniAppUrl }).catch((error) =>
    logger.warn({ err: error }, 'setting the bot commands and menu failed'),
  );
  if (config.BOT_WEBHOOK_URL) {
    await bot.api.setWebhook(config.BOT_WEBHOOK_URL, { secret_token: config.BOT_WEBHOOK_SECRET });
    logger.info({ bot: bot.botInfo.username }, 'bot receives updates by webhook');
  } else {
    // Long polling (grammY removes any webhook first) runs in the background until stop().
    void bot.start({ drop_pending_updates: false }).catch((error) => logger.error({ err: error }, 'bot polling stopped'));
    logger.info({ bot: bot.botInfo.username }, 'bot receives updates by long polling');
  }
}

/** The bot is built before the services (which send through it): it reaches them late, once they exist. */
function ready(services: () => Services | undefined): Services {
  const built = services();
  if (!built) throw new Error('the server is still starting');
  return built;
}

function reviewThrough(services: () => Services | undefined): WithdrawalReview {
  return {
    check: (id) => ready(services).bot.review.check(id),
    approve: (id, by) => ready(services).bot.review.approve(id, by),
    reject: (id, reason, by) => ready(services).bot.review.reject(id, reason, by),
  };
}

function accountsThrough(services: () => Services | undefined): BotAccounts {
  return {
    invitationExists: (code) => ready(services).bot.accounts.invitationExists(code),
    linkedAccount: (user) => ready(services).bot.accounts.linkedAccount(user),
    link: (token, user) => ready(services).bot.accounts.link(token, user),
  };
}

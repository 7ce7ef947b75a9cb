import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  type BotAccounts,
  type BotNotificationSettings,
  configureBotProfileUntilSet,
  createGrammyTransport,
  type WithdrawalReview,
} from '@prism/bot';
import { errorCatalogue, translateMessage } from '@prism/domain';
import { createApp } from './app';
import { CLEANUPS } from './cleanups';
import type { Config } from './config';
import { DAILY_STEPS } from './dailySteps';
import { type Database, openDatabase, pgliteDirOf } from './db/client';
import { createReadRouter, type ReadRouter } from './db/replicas';
import type { CoreDeps } from './deps';
import { createAppServer, serveApp } from './http/appClasses';
import { answerClientErrorsWithEnvelope } from './http/clientErrors';
import { metricsSources } from './metricsRoute';
import { startBroadcastJob } from './modules/broadcast';
import { signedInOnSql } from './modules/checkIn';
import { startDashboardJob } from './modules/dashboard';
import { busyPacer, startEarningJob } from './modules/earning';
import { startLiabilitiesJob } from './modules/liabilities';
import { startDailyNoticeJob, startOutboxJob } from './modules/notify';
import { startRebateJob } from './modules/team';
import { type Clock, scaledClock, systemClock } from './platform/clock';
import { workerId } from './platform/cluster';
import { lockDataDir } from './platform/dataDirLock';
import { createEventBus } from './platform/events';
import { createLeadership, type Leadership } from './platform/leader';
import type { Logger } from './platform/logger';
import { startMaintenance } from './platform/maintenance';
import { createMetrics, type Metrics, type SlowRequest } from './platform/metrics';
import { cryptoRandom } from './platform/random';
import type { RunObserver } from './platform/repeat';
import { loadOrCreateSecret, OPS_TOKEN_FILE } from './platform/secret';
import { runShutdown, type ShutdownReport, type ShutdownStep } from './platform/shutdown';
import { seedDatabase } from './seeds';
import { createServices, publicUrlOf, type Services } from './services';

export interface RunningServer {
  url: string;
  server: Server;
  /** The running services and database, for tests and tools in the same process. */
  services: Services;
  db: Database;
  /** Closes everything, each step on its own (a failing or hanging step is logged and skipped); never rejects. */
  stop(): Promise<ShutdownReport>;
}

/** The port cannot be had (in use, not allowed): the process must say so and stop before doing anything else. */
export class ListenError extends Error {}

/**
 * Listens first, then opens the database (migrated and seeded), builds the app,
 * and starts the bot when BOT_TOKEN is set. Binding the port first means a
 * second instance on a taken port stops at once: it never opens the database
 * (an embedded one must have one owner) nor starts a job. Until the app is
 * ready, requests are answered 503. Called by main.ts and by tests of the whole process.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const server = await listen(config);
  const opened: Opened = {};
  try {
    return await startOn(server, opened, config, logger);
  } catch (error) {
    await runShutdown(shutdownSteps(server, opened), logger);
    throw error;
  }
}

/** What start-up has opened so far, so that shutdown (or a failed start) closes exactly that. */
interface Opened {
  leadership?: Leadership;
  scheduler?: { stop(): Promise<void> };
  events?: { stop(): Promise<void> };
  reads?: ReadRouter;
  database?: { close(): Promise<void> };
  dataDirLock?: () => void;
}

/** Jobs first, then the HTTP server (requests in flight finish), then what they used. */
function shutdownSteps(server: Server, opened: Opened): ShutdownStep[] {
  const { leadership, scheduler, events, reads, database, dataDirLock } = opened;
  return [
    ...(leadership ? [{ name: 'singleton jobs', run: () => leadership.stop(), timeoutMs: 10_000 }] : []),
    ...(scheduler ? [{ name: 'game scheduler', run: () => scheduler.stop(), timeoutMs: 10_000 }] : []),
    { name: 'http server', run: () => closeHttp(server) },
    ...(events ? [{ name: 'event bus', run: () => events.stop() }] : []),
    ...(reads ? [{ name: 'read replicas', run: () => reads.stop() }] : []),
    ...(database ? [{ name: 'database', run: () => database.close(), timeoutMs: 10_000, essential: true }] : []),
    ...(dataDirLock ? [{ name: 'data folder lock', run: dataDirLock }] : []),
  ];
}

/**
 * Start-up, as a list of named steps: the store, the secrets, the bot (bound late to the services),
 * the app, the singleton jobs under the leader lock, then the game scheduler.
 */
async function startOn(server: Server, opened: Opened, config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openStore(config, logger, opened);
  const secrets = await loadSecrets(config);
  // The bot needs the services (operator review) and the services need the bot (to send): bind late.
  const late: { services?: Services } = {};
  const telegram = await buildBot(config, logger, secrets.publicUrl, () => late.services);
  const { deps, services } = await buildApp(server, opened, database, config, logger, secrets, telegram);
  late.services = services;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;

  // Jobs that must run in one process only (docs/architecture.md, Scale-out) run under the leader lock.
  const leadership = createLeadership({
    url: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
    logger,
    checkMs: config.LEADER_CHECK_MS,
    onChange: deps.metrics.leaderChanged,
  });
  opened.leadership = leadership;
  if (telegram) await startBot(telegram.runtime, telegram.bot, config, logger, config.MINI_APP_URL ?? secrets.publicUrl, leadership);
  await startLeaderJobs(leadership, deps, services, config);
  // Safe in every process: each room is advanced under its own advisory lock (modules/game/scheduler.ts).
  const { scheduler } = services.game;
  if (config.GAME_TICK_MS > 0) scheduler.start(config.GAME_TICK_MS);
  opened.scheduler = scheduler;

  let stopped: Promise<ShutdownReport> | undefined;
  return {
    url,
    server,
    services,
    db: database.db,
    stop() {
      stopped ??= runShutdown(shutdownSteps(server, opened), logger);
      return stopped;
    },
  };
}

type OpenedDatabase = Awaited<ReturnType<typeof openDatabase>>;

/** Opens the database (the embedded one locked to this process), migrates and seeds it. */
async function openStore(config: Config, logger: Logger, opened: Opened): Promise<OpenedDatabase> {
  // The embedded database must have one owner, whatever port another instance listens on.
  if (!config.DATABASE_URL) opened.dataDirLock = lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    statements: config.DATABASE_STATEMENTS,
    dataDir: pgliteDirOf(config.dataDir),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  opened.database = database;
  logger.debug('database open; migrating');
  await database.migrate();
  logger.debug('migrated; seeding');
  await seedDatabase(database.db);
  logger.debug('seeded');
  return database;
}

interface Secrets {
  secret: string;
  opsToken: string;
  publicUrl: string;
}

async function loadSecrets(config: Config): Promise<Secrets> {
  const secret = await loadOrCreateSecret(config.JWT_SECRET, config.dataDir);
  const opsToken = await loadOrCreateSecret(config.OPS_TOKEN, config.dataDir, OPS_TOKEN_FILE);
  return { secret, opsToken, publicUrl: publicUrlOf(config) };
}

/** `@prism/bot/grammy`: the bot runtime, imported when BOT_TOKEN is set. */
type BotRuntime = typeof import('@prism/bot/grammy');
type Bot = ReturnType<BotRuntime['createBot']>;

interface TelegramBot {
  runtime: BotRuntime;
  bot: Bot;
  webhook: CoreDeps['botWebhook'];
}

/** The Telegram bot when BOT_TOKEN is set; it reaches the services through `services` once they exist. */
async function buildBot(
  config: Config,
  logger: Logger,
  publicUrl: string,
  services: () => Services | undefined,
): Promise<TelegramBot | undefined> {
  if (!config.BOT_TOKEN) return undefined;
  // grammY (about 4 MB of heap) is loaded only when the bot runs: `@prism/bot` itself does not load it.
  const runtime = await import('@prism/bot/grammy');
  const bot = runtime.createBot({
    token: config.BOT_TOKEN,
    apiRoot: config.BOT_API_ROOT,
    miniAppUrl: config.MINI_APP_URL ?? publicUrl,
    miniAppShortName: config.MINI_APP_SHORT_NAME,
    onError: (error) => logger.error({ err: error }, 'bot update failed'),
    operators: {
      ids: config.OPERATOR_TELEGRAM_IDS.map(Number),
      review: reviewThrough(services),
      giftCodes: {
        mayIssue: (operator) => ready(services).bot.giftCodes.mayIssue(operator),
        create: (input) => ready(services).bot.giftCodes.create(input),
      },
      broadcasts: {
        maySend: (operator) => ready(services).bot.broadcasts.maySend(operator),
        send: (input) => ready(services).bot.broadcasts.send(input),
      },
    },
    log: logger,
    accounts: accountsThrough(services),
    ...(config.SUPPORT_CHAT_ID
      ? {
          support: {
            groupChatId: Number(config.SUPPORT_CHAT_ID),
            answer: (input: Parameters<Services['support']['answerFromGroup']>[0]) => ready(services).support.answerFromGroup(input),
          },
        }
      : {}),
    notifications: notificationsThrough(services),
  });
  const webhook = config.BOT_WEBHOOK_URL ? runtime.webhookCallback(bot, 'express', { secretToken: config.BOT_WEBHOOK_SECRET }) : undefined;
  return { runtime, bot, webhook };
}

/** Builds the event bus, the services and the app, and lets the app answer in place of the 503s. */
async function buildApp(
  server: Server,
  opened: Opened,
  database: OpenedDatabase,
  config: Config,
  logger: Logger,
  secrets: Secrets,
  telegram: TelegramBot | undefined,
) {
  const events = await createEventBus(database, database.db, logger);
  opened.events = events;
  const clock = clockOf(config);
  // Under node:cluster the worker asked answers for all (the primary merges them): its number tells their series apart.
  const worker = workerId();
  const metrics = createMetrics({
    clock,
    ...(worker === undefined ? {} : { labels: { worker: String(worker) }, acrossWorkers: true }),
    ...(config.SLOW_REQUEST_MS > 0
      ? { slowRequests: { seconds: config.SLOW_REQUEST_MS / 1000, report: (request: SlowRequest) => logger.warn(request, 'slow request') } }
      : {}),
  });
  const reads = await createReadRouter({
    primary: database.db,
    urls: config.DATABASE_REPLICA_URLS,
    statements: config.DATABASE_STATEMENTS,
    maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
    checkMs: config.DATABASE_REPLICA_CHECK_MS,
    waitMs: config.DATABASE_REPLICA_WAIT_MS,
    // Each replica's own pool: reads only, so half the primary's is plenty.
    poolSize: Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / 2)),
  });
  opened.reads = reads;
  const deps = {
    events,
    config,
    db: database.db,
    clock,
    metrics,
    reads,
    random: cryptoRandom,
    logger,
    secret: secrets.secret,
    opsToken: secrets.opsToken,
    ...(telegram ? { botTransport: createGrammyTransport(telegram.bot.api) } : {}),
    ...(telegram?.webhook ? { botWebhook: telegram.webhook } : {}),
  };
  const services = createServices(deps);
  metrics.setSources(metricsSources(deps, services));
  const app = createApp(deps, services);
  serveApp(server, app, answerStarting);
  return { deps, services };
}

/** A job's runs, timed into the metrics under its leader name. */
function observed(metrics: Metrics, job: string): RunObserver {
  return (seconds, outcome) => metrics.observeJob(job, seconds, outcome);
}

type StopJob = () => Promise<void> | void;

/** Runs a job while this process leads for `name`; `start` returns how to stop it. */
async function leaderJob(leadership: Leadership, name: string, start: () => StopJob): Promise<void> {
  let stop: StopJob = () => {};
  await leadership.runAsLeader(
    name,
    () => {
      stop = start();
    },
    () => stop(),
  );
}

/** The jobs that run in one process only, each under its own leader lock. */
async function startLeaderJobs(
  leadership: Leadership,
  deps: Awaited<ReturnType<typeof buildApp>>['deps'],
  services: Services,
  config: Config,
): Promise<void> {
  const { db, clock, logger, botTransport, metrics } = deps;
  const settings = services.config;
  await leaderJob(leadership, 'maintenance', () => startMaintenance(db, clock, CLEANUPS, logger));
  // Rebates: paid once per day even if two processes ran the job (modules/team/job.ts); the leader runs it.
  await leaderJob(leadership, 'rebates', () => startRebateJob(db, clock, settings, logger, undefined, observed(metrics, 'rebates')));
  // The dashboard's daily aggregates of the ledger, by transfer id (modules/dashboard/aggregates.ts): safe
  // anywhere (the watermark row is locked per batch); one process is enough.
  await leaderJob(leadership, 'dashboard', () => startDashboardJob(db, clock, logger));
  // Daily earnings (power income and fee, advisor earnings, deposit interest): each step and day is claimed
  // by its earning_days row in the paying transaction (modules/earning/job.ts); the leader runs it.
  await leaderJob(leadership, 'earnings', () =>
    startEarningJob(db, clock, settings, DAILY_STEPS, logger, {
      chunkSize: config.EARNING_CHUNK_SIZE,
      // While players play, the job pauses between chunks (modules/earning/pace.ts).
      pace: busyPacer(db, config.EARNING_BUSY_PAUSE),
      observe: observed(metrics, 'earnings'),
    }),
  );
  // The daily snapshot of what the platform owes (modules/liabilities/job.ts): the day's row is unique, so
  // a second runner stores nothing; the leader runs it, and a day missed while down is taken at the next turn.
  await leaderJob(leadership, 'liabilities', () =>
    startLiabilitiesJob(services.liabilities, () => settings.timeZone(), logger, undefined, observed(metrics, 'liabilities')),
  );
  // The daily notices (sign-in reminders at each player's time, the income summary): each claimed in the
  // transaction that queues it (modules/notify/daily.ts), so even two runners send each once.
  await leaderJob(leadership, 'notify-daily', () =>
    startDailyNoticeJob(
      { db, clock, timeZone: () => settings.timeZone(), signedInOn: signedInOnSql, hasBot: botTransport !== undefined },
      logger,
      config.NOTIFY_DAILY_POLL_MS,
      observed(metrics, 'notify-daily'),
    ),
  );
  if (!botTransport) return;
  // Broadcasts to Telegram chats: rows are claimed with SKIP LOCKED (modules/broadcast/job.ts), so even two
  // runners send each once; the leader runs it so the pace stays under Telegram's limit.
  await leaderJob(leadership, 'broadcasts', () =>
    startBroadcastJob(db, botTransport, clock, logger, config.BROADCAST_POLL_MS, observed(metrics, 'broadcasts')),
  );
  // Bot messages that did not reach Telegram (modules/notify/outboxJob.ts): leased rows, so even two
  // runners never send one twice at once; pending rows from before a restart go at its first run.
  await leaderJob(leadership, 'bot-outbox', () =>
    startOutboxJob(db, botTransport, clock, logger, config.BROADCAST_POLL_MS, observed(metrics, 'bot-outbox')),
  );
}

/** Binds the port; a taken port becomes a ListenError that says what to do. */
function listen(config: Config): Promise<Server> {
  const server = createAppServer(answerStarting);
  return new Promise<Server>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const where = `${config.HOST}:${config.PORT}`;
      if (error.code === 'EADDRINUSE')
        reject(
          new ListenError(
            `Port ${config.PORT} is already in use on ${config.HOST} (another Prism, or another program, listens at ${where}). Stop it or set PORT to a free port.`,
          ),
        );
      else if (error.code === 'EACCES')
        reject(new ListenError(`Not allowed to listen at ${where}: choose a PORT above 1023 or give the process the right to bind it.`));
      else reject(new ListenError(`Cannot listen at ${where}: ${error.message}`));
    };
    server.once('error', failed);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', failed);
      answerClientErrorsWithEnvelope(server);
      resolve(server);
    });
  });
}

/** While the database opens and migrates: HTTP 503, so health checks and load balancers wait. */
function answerStarting(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({
    code: errorCatalogue.SERVICE_UNAVAILABLE.code,
    message: translateMessage('SERVICE_UNAVAILABLE', 'en-US'),
    result: null,
    timestamp: Date.now(),
  });
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
  res.end(body);
}

/** Stops accepting, lets requests in flight finish for a moment, then cuts what is left (event streams). */
async function closeHttp(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), 2_000);
  await closed;
  clearTimeout(grace);
}

/** The real clock, or a simulated one when CLOCK_START / CLOCK_RATE are set (tests and simulations only). */
function clockOf(config: Config): Clock {
  if (config.CLOCK_START === undefined && config.CLOCK_RATE === 1) return systemClock;
  const start = config.CLOCK_START ? new Date(config.CLOCK_START) : new Date();
  return scaledClock(start, config.CLOCK_STARTED_AT ?? Date.now(), config.CLOCK_RATE);
}

async function startBot(
  telegram: BotRuntime,
  bot: Bot,
  config: Config,
  logger: Logger,
  miniAppUrl: string,
  leadership: Leadership,
): Promise<void> {
  await bot.init();
  // Not awaited: start goes on while Telegram is away; the menus are set as soon as it answers.
  configureBotProfileUntilSet(
    bot.api,
    { miniAppUrl },
    {
      onFailure: (error, delayMs) => logger.warn({ err: error, retryInMs: delayMs }, 'setting the bot commands and menu failed'),
    },
  );
  if (config.BOT_WEBHOOK_URL) {
    // Any process may set the webhook (the same URL) and answer deliveries: no leader needed.
    await bot.api.setWebhook(config.BOT_WEBHOOK_URL, { secret_token: config.BOT_WEBHOOK_SECRET });
    logger.info({ bot: bot.botInfo.username }, 'bot receives updates by webhook');
  } else {
    // Telegram allows one getUpdates caller per token: only the leader polls (grammY removes any webhook first).
    const polling = telegram.longPolling(bot, logger);
    await leadership.runAsLeader('telegram-polling', polling.start, polling.stop);
    logger.info(
      { bot: bot.botInfo.username, polling: leadership.held().includes('telegram-polling') },
      'bot receives updates by long polling',
    );
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
    check: (id, reviewer) => ready(services).bot.review.check(id, reviewer),
    approve: (id, reviewer) => ready(services).bot.review.approve(id, reviewer),
    reject: (id, reason, reviewer) => ready(services).bot.review.reject(id, reason, reviewer),
  };
}

function accountsThrough(services: () => Services | undefined): BotAccounts {
  return {
    invitationExists: (code) => ready(services).bot.accounts.invitationExists(code),
    linkedAccount: (user) => ready(services).bot.accounts.linkedAccount(user),
    link: (token, user) => ready(services).bot.accounts.link(token, user),
  };
}

/** /settings and /start's unblocking: the same stored choices the app's routes use. */
function notificationsThrough(services: () => Services | undefined): BotNotificationSettings {
  return {
    view: (telegramId) => ready(services).notificationSettings.bot.view(telegramId),
    toggle: (telegramId, topic) => ready(services).notificationSettings.bot.toggle(telegramId, topic),
    reminderAt: (telegramId, time) => ready(services).notificationSettings.bot.reminderAt(telegramId, time),
    started: (telegramId) => ready(services).notificationSettings.bot.started(telegramId),
  };
}

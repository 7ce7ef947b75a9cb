import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Express, type RequestHandler, Router } from 'express';
import type { CoreDeps } from './deps';
import { codecMiddleware } from './http/codec';
import { ok } from './http/envelope';
import { createErrorHandler, notFoundHandler } from './http/errorHandler';
import { formParser } from './http/form';
import { inputGuard } from './http/inputGuard';
import { moduleRouters } from './http/moduleRouter';
import { createRateLimiter } from './http/rateLimit';
import { requestContext } from './http/requestContext';
import { securityHeaders } from './http/securityHeaders';
import { inSequence } from './http/sequence';
import { checkLedgerAndBets } from './ledgerCheck';
import { metricsRoute } from './metricsRoute';
import { adjustmentAdminRoutes } from './modules/adjustment';
import { auditAdminRoutes } from './modules/audit';
import { authenticate, authRoutes, loginAddressPeers } from './modules/auth';
import { broadcastAdminRoutes } from './modules/broadcast';
import { checkInRoutes } from './modules/checkIn';
import { configRoutes } from './modules/config';
import { contentAdminRoutes, contentRoutes, INTRODUCTION_PDF_PATH } from './modules/content';
import { dashboardRoutes } from './modules/dashboard';
import { type DevTelegramDeps, devRoutes, devTelegramRoutes } from './modules/dev';
import { fileRoutes } from './modules/file';
import { fixedDepositAdminRoutes, fixedDepositRoutes } from './modules/fixedDeposit';
import { followInvestAdminRoutes, followInvestRoutes } from './modules/followInvest';
import { gameAdminRoutes, gameRoutes } from './modules/game';
import { giftCodeAdminRoutes, giftCodeRoutes } from './modules/giftCode';
import { levelAdminRoutes, levelRoutes } from './modules/level';
import { liabilitiesAdminRoutes, liabilitiesRoutes } from './modules/liabilities';
import { messageRoutes } from './modules/message';
import { notifyRoutes } from './modules/notify';
import { operatorAuthentication, operatorPublicRoutes, operatorRoutes, totpKeyOf } from './modules/operator';
import { opsRoutes } from './modules/ops';
import { powerAdminRoutes, powerRoutes } from './modules/power';
import { privacyRoutes } from './modules/privacy';
import { protectionRoutes } from './modules/protection';
import { rechargeAdminRoutes, rechargeRoutes } from './modules/recharge';
import { smsRoutes } from './modules/sms';
import { supportAdminRoutes, supportRoutes } from './modules/support';
import { tapRoutes } from './modules/tap';
import { telegramRoutes } from './modules/telegram';
import { userRoutes } from './modules/user';
import { userAdminRoutes } from './modules/userAdmin';
import { walletAdminRoutes, walletRoutes } from './modules/wallet';
import { withdrawAdminRoutes, withdrawDetailRoutes, withdrawRoutes } from './modules/withdraw';
import { workerId } from './platform/cluster';
import { createServices, publicUrlOf, type Services } from './services';
import { createIndexRenderer, filePreloads, fileTemplate, serveAdminPage, serveIndex } from './webIndex';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the Express app: /core/ API, uploads, the bot webhook and the built Mini App. Starts nothing. */
export function createApp(deps: CoreDeps, services: Services = createServices(deps)): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // API answers change with every call: hashing each body for an ETag is CPU spent for nothing.
  // (The web app's static files keep theirs: express.static sets its own.)
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);
  // Right after the request id: every answer below is timed, by its route pattern.
  const timed = deps.metrics ? [deps.metrics.http] : [];
  app.use(inSequence(securityHeaders(), requestContext(logger), ...timed));
  if (deps.botWebhook) app.post('/telegram/webhook', express.json({ limit: '1mb' }), deps.botWebhook);

  app.use('/core', coreRouter(deps, services));
  // The operator's uploaded introduction document, when there is one, before the web app's demo copy.
  app.get(INTRODUCTION_PDF_PATH, services.contentPdf.serve);
  mountWeb(app, config.WEB_DIST ?? DEFAULT_WEB_DIST, config.SKIP_WEB, services);
  app.use(createErrorHandler(logger));
  deps.metrics?.learnRoutes(app);
  return app;
}

function coreRouter(deps: CoreDeps, services: Services): Router {
  const { config, db, clock } = deps;
  const router = Router();
  router.use(corsFor(config.CORS_ORIGINS));
  // Gateway callbacks are verified over their exact bytes, whatever their content type.
  router.use('/pay/callback', express.raw({ type: () => true, limit: '64kb' }));
  // body-parser's urlencoded parser, the usual request read without its machinery (http/form.ts).
  const form = formParser({ limit: 64 * 1024, parameterLimit: 100 });
  // Before the players' plumbing: Prometheus' bearer token is not a player's token to verify, and
  // the scrape has no input to parse.
  if (deps.metrics)
    router.get('/metrics', ...metricsRoute({ metrics: deps.metrics, token: config.METRICS_TOKEN, operators: operatorsOf(deps) }));
  // What every API request passes, as one router layer (http/sequence.ts), in this order.
  router.use(
    inSequence(
      // Reads take their input from the query string: no body parser on GET and HEAD.
      (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : form(req, res, next)),
      codecMiddleware,
      inputGuard,
      authenticate({
        db,
        clock,
        tokens: services.tokens,
        botToken: config.BOT_TOKEN,
        initDataTtlSeconds: config.TELEGRAM_INIT_DATA_TTL_SECONDS,
        sessionCacheSeconds: config.AUTH_SESSION_CACHE_SECONDS,
      }),
    ),
  );

  // With WORKERS > 1, which worker answered (1..N): how a test sees that every worker serves.
  const worker = workerId();
  // With replicas configured, each one's lag: a load balancer keeps sending here (the primary serves what they cannot).
  const { reads } = services;
  const health = worker === undefined ? { status: 'ok' } : { status: 'ok', worker };
  router.get('/health', (_req, res) => {
    const replicas = reads.status();
    ok(res, replicas.length === 0 ? health : { ...health, replicas });
  });
  // Each module's router is entered only when one of its layers matches the request, and all of
  // them are one layer here (moduleRouter.ts): a bet no longer walks, nor waits out a turn of the
  // event loop in, the 18 modules mounted before the game's. A module's prefix guard still covers
  // every path under its prefix.
  router.use(moduleRouters(featureRoutes(deps, services)));
  router.use('/admin', adminRouter(deps, services));
  if (config.devOutbox) router.use(devRoutes({ db }), devTelegramRoutes(devTelegramDeps(config, services)));

  router.use(notFoundHandler);
  router.use(createErrorHandler(deps.logger));
  return router;
}

/** Every feature module's routes, in the order they are mounted. */
function featureRoutes(deps: CoreDeps, services: Services) {
  const { config, db, clock } = deps;
  const authLimiter = createRateLimiter(config.RATE_LIMIT_AUTH_PER_MINUTE);
  const smsLimiter = createRateLimiter(config.RATE_LIMIT_SMS_PER_MINUTE);
  return [
    authRoutes({ auth: services.auth, areaCodes: services.areaCodes, limiter: authLimiter }),
    smsRoutes({ db, send: services.sendSmsCode, areaCodes: services.areaCodes, limiter: smsLimiter }),
    userRoutes({ users: services.users }),
    privacyRoutes({ privacy: services.privacy }),
    telegramRoutes({ telegramLink: services.telegramLink, inviteSharing: services.inviteSharing }),
    configRoutes({ config: services.config }),
    contentRoutes({ content: services.content }),
    fileRoutes({ files: services.files, maxBytes: config.UPLOAD_MAX_BYTES }),
    walletRoutes({ db, reads: services.reads, clock, random: deps.random, refuseExcluded: services.protection.refuseExcluded }),
    rechargeRoutes(services.recharge),
    withdrawRoutes({ db, clock, withdraw: services.withdraw }),
    messageRoutes({ messages: services.messages }),
    checkInRoutes({ db, clock, checkIn: services.checkIn }),
    tapRoutes({ db, taps: services.taps }),
    protectionRoutes({ clock, protection: services.protection }),
    levelRoutes({ db, clock, levels: services.levels }),
    giftCodeRoutes({ db, clock, giftCodes: services.giftCodes, perMinute: config.RATE_LIMIT_GIFT_CODE_PER_MINUTE }),
    powerRoutes({
      db,
      clock,
      power: services.power,
      protection: services.protection,
      givePerMinute: config.RATE_LIMIT_GIVE_POWER_PER_MINUTE,
    }),
    gameRoutes({
      db,
      reads: services.reads,
      clock,
      catalog: services.game.catalog,
      chainDeps: services.game.chainDeps,
      events: deps.events,
      streams: { perIp: config.EVENT_STREAMS_PER_IP, perUser: config.EVENT_STREAMS_PER_USER },
      betPlaced: deps.metrics?.betPlaced,
      betBatch: deps.metrics?.betBatch,
    }),
    followInvestRoutes({ db, clock, followInvest: services.followInvest }),
    fixedDepositRoutes({ db, clock, fixedDeposit: services.fixedDeposit }),
    liabilitiesRoutes({ liabilities: services.liabilities }),
    supportRoutes({
      support: services.support,
      perMinute: config.RATE_LIMIT_SUPPORT_PER_MINUTE,
      streams: { perIp: config.EVENT_STREAMS_PER_IP, perUser: config.EVENT_STREAMS_PER_USER },
    }),
    notifyRoutes({ settings: services.notificationSettings }),
  ];
}

/**
 * Everything under /core/admin: the console's and `npm run ops`'s operator API. Only the setup link
 * and sign-in are reached without an operator credential; every other route checks its permission.
 */
function adminRouter(deps: CoreDeps, services: Services): Router {
  const router = Router();
  const operators = operatorsOf(deps);
  router.use(operatorPublicRoutes(operators));
  router.use(operatorAuthentication(operators));
  router.use(operatorRoutes(operators));
  const money = { moneyMode: deps.config.moneyMode, sandboxDeposits: deps.config.SANDBOX_DEPOSITS };
  const fairness = { mode: deps.config.GAME_BEACON, production: deps.config.NODE_ENV === 'production' };
  router.use(
    opsRoutes({
      db: deps.db,
      clock: deps.clock,
      config: services.config,
      money,
      fairness,
      replicas: () => services.reads.status(),
      rebateCycleWarnings: services.team.rebateCycleWarnings,
      negativeReturnWarnings: async () => [
        ...(await services.followInvest.negativeReturnWarnings()),
        ...(await services.power.negativeReturnWarnings()),
      ],
    }),
  );
  router.use(walletAdminRoutes({ db: deps.db, clock: deps.clock }));
  router.use(rechargeAdminRoutes(services.recharge));
  router.use(withdrawAdminRoutes({ withdraw: services.withdraw }));
  router.use(withdrawDetailRoutes({ db: deps.db, clock: deps.clock, loginPeers: loginAddressPeers }));
  router.use(userAdminRoutes({ db: deps.db, clock: deps.clock, protection: services.protection }));
  router.use(
    dashboardRoutes({
      db: deps.db,
      reads: services.reads,
      replicas: () => services.reads.status(),
      clock: deps.clock,
      checkLedger: checkLedgerAndBets,
    }),
  );
  router.use(gameAdminRoutes({ db: deps.db, clock: deps.clock, catalog: services.game.catalog }));
  router.use(giftCodeAdminRoutes({ db: deps.db, clock: deps.clock, giftCodes: services.giftCodes }));
  router.use(levelAdminRoutes({ db: deps.db, clock: deps.clock, levelAdmin: services.levelAdmin }));
  router.use(broadcastAdminRoutes({ db: deps.db, clock: deps.clock, broadcasts: services.broadcasts }));
  router.use(contentAdminRoutes({ db: deps.db, clock: deps.clock, content: services.content, pdf: services.contentPdf }));
  router.use(powerAdminRoutes({ db: deps.db, clock: deps.clock, power: services.power }));
  router.use(followInvestAdminRoutes({ db: deps.db, clock: deps.clock, followInvest: services.followInvest }));
  router.use(fixedDepositAdminRoutes({ db: deps.db, clock: deps.clock, fixedDeposit: services.fixedDeposit }));
  router.use(auditAdminRoutes({ db: deps.db }));
  router.use(adjustmentAdminRoutes({ db: deps.db, clock: deps.clock }));
  router.use(liabilitiesAdminRoutes({ db: deps.db, clock: deps.clock, liabilities: services.liabilities }));
  router.use(supportAdminRoutes({ support: services.support }));
  return router;
}

/** What the operators' authentication and routes need. */
function operatorsOf(deps: CoreDeps) {
  return {
    db: deps.db,
    clock: deps.clock,
    publicUrl: publicUrlOf(deps.config),
    breakGlassToken: deps.opsToken,
    totpKey: totpKeyOf(deps.secret),
  };
}

/** The dev bot's Start (DEV_OUTBOX) answers with the same configuration the bot gets in server.ts. */
function devTelegramDeps(config: CoreDeps['config'], services: Services): DevTelegramDeps {
  return {
    bot: {
      miniAppUrl: config.MINI_APP_URL ?? publicUrlOf(config),
      miniAppShortName: config.MINI_APP_SHORT_NAME,
      accounts: services.bot.accounts,
    },
    botUsername: config.BOT_USERNAME,
    notifier: services.notifier,
  };
}

/** CORS only for the configured origins; the Mini App itself is same-origin and needs none. */
function corsFor(origins: string | undefined): RequestHandler {
  const allowed = new Set(
    (origins ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );
  return (req, res, next) => {
    const origin = req.get('Origin');
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Authorization, X-Access-Token, Accept-Language, Encryption, Idempotency-Key, Content-Type',
      );
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

/** /admin, /admin/anything (the console's own routes) and /admin.html. */
const ADMIN_PATHS = /^\/admin(?:\.html|\/.*)?$/;

/**
 * Serves the built web app with history-mode fallback: every non-API GET gets index.html, with
 * the public settings the first pages need written into it (webIndex.ts).
 */
function mountWeb(app: Express, dist: string, skip: boolean, services: Services): void {
  const index = path.join(dist, 'index.html');
  if (skip || !existsSync(index)) return;
  const page = serveIndex(
    createIndexRenderer(fileTemplate(index), services.config, filePreloads(path.join(dist, '.vite/page-preloads.json'))),
  );
  // Only the web app is compressed: API answers are small, and the event stream must not be buffered.
  app.use(compression());
  // Before the static files: /index.html itself is the page with its settings too.
  app.get('/index.html', page);
  // The operator console (its own entry, admin.html) with its own headers; /admin.html is the same page.
  app.get(ADMIN_PATHS, serveAdminPage(fileTemplate(path.join(dist, 'admin.html'))));
  app.use(
    express.static(dist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get(/^(?!\/core\/|\/telegram\/).*/, page);
}

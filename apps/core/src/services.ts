import path from 'node:path';
import { roleCan } from '@prism/domain';
import { primaryOnly, type ReadRouter } from './db/replicas';
import type { CoreDeps } from './deps';
import { accountErasures, deletionFacts } from './erasures';
import { EXPORT_SECTIONS } from './exports';
import { checkLedgerAndBets } from './ledgerCheck';
import { createAuthService } from './modules/auth';
import { createBroadcastService } from './modules/broadcast';
import { createCheckInService } from './modules/checkIn';
import { createAreaCodes, createConfigService } from './modules/config';
import { contentPdfStore, createContentService } from './modules/content';
import { createFileStorage } from './modules/file';
import { createFixedDepositService } from './modules/fixedDeposit';
import { createFollowInvestService } from './modules/followInvest';
import {
  betFigureDay,
  betFiguresScalar,
  createDrandBeacon,
  createGameScheduler,
  createLocalBeacon,
  playDays,
  recentBets,
  roomCatalog,
  roomNameOf,
  sessionResultsByUser,
} from './modules/game';
import { createGiftCodeService } from './modules/giftCode';
import { createLevelAdmin, createLevelService, levelRulesCache } from './modules/level';
import { createLiabilitiesService } from './modules/liabilities';
import { createMessageService } from './modules/message';
import { createNotificationSettings, createNotifier, type Notifier, notifySessionResults } from './modules/notify';
import { linkedTelegramIds } from './modules/operator';
import { createPowerService, incomeListScalar } from './modules/power';
import { createPrivacyService } from './modules/privacy';
import { createProtectionService, type ProtectionService } from './modules/protection';
import { cashCreditedSince, cashRechargedSince, createRechargeContext } from './modules/recharge';
import { createCodeService, createHttpSmsProvider, createOutboxSmsProvider, createSmsCodeSender } from './modules/sms';
import { createSupportService } from './modules/support';
import { createTapService } from './modules/tap';
import { createTeamService } from './modules/team';
import {
  createBotAccounts,
  createBroadcastIssuer,
  createGiftCodeIssuer,
  createInviteSharing,
  createTelegramLinkService,
  createWithdrawalReview,
  type InviteLinkSettings,
} from './modules/telegram';
import { createUserService } from './modules/user';
import { createWithdrawService, withdrawFiguresScalar } from './modules/withdraw';
import { createTokenService } from './platform/tokens';

/** The public base URL of this server, used in invite links and download info. */
export function publicUrlOf(config: CoreDeps['config']): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Builds every service once from the dependencies; routes and the bot receive these. */
export function createServices(deps: CoreDeps) {
  const { db, clock, random, logger, config } = deps;
  // Replicas for reads that tolerate lag, and read-your-writes for a player's own records (db/replicas.ts).
  const reads = deps.reads ?? primaryOnly(db);
  const publicUrl = publicUrlOf(config);
  const tokens = createTokenService(deps.secret, clock);
  const codes = createCodeService({ db, clock, random, secret: deps.secret });
  const sms = smsProviderOf(deps);
  const configService = createConfigService(db, publicUrl, { DEV_OUTBOX: String(config.devOutbox) });
  const session = { clock, random, tokens, ttlHours: config.TOKEN_TTL_HOURS };
  const notifier = createNotifier(db, clock, logger, deps.botTransport);
  const telegramLink = createTelegramLinkService({ db, clock, random, botUsername: config.BOT_USERNAME });
  const withdraw = createWithdrawService({
    db,
    reads,
    clock,
    random,
    logger,
    codes,
    notifier,
    operatorChatIds: reviewerChats(db, config.OPERATOR_TELEGRAM_IDS.map(Number).filter(Number.isSafeInteger)),
  });
  const protection = createProtectionService({
    db,
    clock,
    config: configService,
    cashRechargedSince,
    cashCreditedSince,
    recentBets,
    playDays,
  });
  const { refuseExcluded } = protection;
  const checkIn = createCheckInService({ db, clock, config: configService, refuseExcluded });
  const team = createTeamService({ db, reads, clock, config: configService });
  const giftCodes = createGiftCodeService({ db, clock, random, refuseExcluded });
  const levelRules = levelRulesCache(db);
  const levels = createLevelService({ db, clock, rules: levelRules, refuseExcluded });
  const broadcasts = createBroadcastService(db, clock);
  const power = createPowerService({ db, reads, clock, config: configService });

  return {
    reads,
    tokens,
    codes,
    sms,
    config: configService,
    areaCodes: createAreaCodes(configService),
    sendSmsCode: createSmsCodeSender(codes, sms, logger),
    auth: createAuthService({ db, codes, ...session }),
    users: userServiceOf(deps, { config: configService, codes, checkIn, levels, team }),
    team,
    power,
    checkIn,
    giftCodes,
    levels,
    protection,
    levelAdmin: createLevelAdmin(db, levelRules),
    content: createContentService({ db, clock }),
    contentPdf: contentPdfStore(config.dataDir),
    taps: createTapService({ db, clock, config: configService, refuseExcluded }),
    followInvest: createFollowInvestService({ db, clock, config: configService }),
    fixedDeposit: createFixedDepositService({ db, clock, config: configService }),
    files: createFileStorage(db, clock, path.join(config.dataDir, 'uploads')),
    notifier,
    notificationSettings: createNotificationSettings({ db, clock }),
    messages: createMessageService(db, clock),
    broadcasts,
    game: gameServices(deps, notifier),
    recharge: rechargeContext(deps, notifier, protection, reads),
    withdraw,
    liabilities: createLiabilitiesService({ db, clock, random, checkLedger: checkLedgerAndBets }),
    telegramLink,
    inviteSharing: createInviteSharing({ db, logger, transport: deps.botTransport, links: inviteLinkSettings(config) }),
    privacy: privacyServiceOf(deps),
    support: supportServiceOf(deps, notifier, publicUrl),
    bot: botServicesOf(db, clock, { telegramLink, withdraw, giftCodes, broadcasts, links: inviteLinkSettings(config) }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** My data: the export's sections and the deletion's erasures and facts, each a composition-root list. */
function privacyServiceOf(deps: CoreDeps) {
  const { db, clock, random, logger, config } = deps;
  return createPrivacyService({
    db,
    clock,
    random,
    logger,
    sections: EXPORT_SECTIONS,
    erasures: accountErasures(path.join(config.dataDir, 'uploads')),
    facts: deletionFacts,
  });
}

/** The support chat; with SUPPORT_CHAT_ID and a bot, each conversation is also a topic of the operators' forum group. */
function supportServiceOf(deps: CoreDeps, notifier: Notifier, publicUrl: string) {
  const { db, clock, logger, config, botTransport } = deps;
  const group = botTransport && config.SUPPORT_CHAT_ID ? { chatId: Number(config.SUPPORT_CHAT_ID), transport: botTransport } : undefined;
  return createSupportService({ db, clock, logger, events: deps.events, notifier, publicUrl, group });
}

/** The SMS provider: the test's, the HTTP gateway when configured, else the outbox (development). */
function smsProviderOf(deps: CoreDeps) {
  const { config } = deps;
  return (
    deps.sms ??
    (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL
      ? createHttpSmsProvider({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN })
      : createOutboxSmsProvider(deps.db, deps.clock, deps.logger))
  );
}

/** What invite links are made of: the invite panel, /invite, inline mode and the prepared message share one link. */
function inviteLinkSettings(config: CoreDeps['config']): InviteLinkSettings {
  return {
    publicUrl: config.PUBLIC_URL ? publicUrlOf(config) : '',
    botUsername: config.BOT_USERNAME,
    miniAppShortName: config.MINI_APP_SHORT_NAME,
  };
}

/** The user service, with the figures other modules contribute to getUserInfo. */
function userServiceOf(
  deps: CoreDeps,
  parts: {
    config: ReturnType<typeof createConfigService>;
    codes: ReturnType<typeof createCodeService>;
    checkIn: ReturnType<typeof createCheckInService>;
    levels: ReturnType<typeof createLevelService>;
    team: ReturnType<typeof createTeamService>;
  },
) {
  const { config } = deps;
  return createUserService({
    db: deps.db,
    clock: deps.clock,
    config: parts.config,
    codes: parts.codes,
    publicUrl: config.PUBLIC_URL ? publicUrlOf(config) : '',
    botUsername: config.BOT_USERNAME,
    miniAppShortName: config.MINI_APP_SHORT_NAME,
    engagement: { streakDay: parts.checkIn.streakDay, level: parts.levels.currentScalar },
    game: { betFigureDay, betFigures: betFiguresScalar },
    team: parts.team,
    power: { incomeList: incomeListScalar },
    withdraw: { figures: withdrawFiguresScalar },
    readBatch: deps.metrics?.readBatch,
  });
}

/**
 * Where review requests go: the Telegram ids linked to active operators allowed to review, and
 * the legacy OPERATOR_TELEGRAM_IDS chats (whose buttons core obeys only for linked reviewers).
 */
function reviewerChats(db: CoreDeps['db'], legacy: readonly number[]): () => Promise<readonly number[]> {
  return async () => [...new Set([...(await linkedTelegramIds(db, (role) => roleCan(role, 'withdrawals.review'))), ...legacy])];
}

/** What the bot asks core (accounts, withdrawal review, gift codes, broadcasts): the same services the API uses. */
function botServicesOf(
  db: CoreDeps['db'],
  clock: CoreDeps['clock'],
  parts: {
    telegramLink: ReturnType<typeof createTelegramLinkService>;
    links: InviteLinkSettings;
    withdraw: ReturnType<typeof createWithdrawService>;
    giftCodes: ReturnType<typeof createGiftCodeService>;
    broadcasts: ReturnType<typeof createBroadcastService>;
  },
) {
  return {
    accounts: createBotAccounts(db, parts.telegramLink, parts.links),
    review: createWithdrawalReview(db, parts.withdraw),
    giftCodes: createGiftCodeIssuer(db, clock, parts.giftCodes),
    broadcasts: createBroadcastIssuer(db, clock, parts.broadcasts),
  };
}

/** The game's scheduler and the seed-chain settings its routes share. */
function gameServices(deps: CoreDeps, notifier: Notifier) {
  const { config } = deps;
  const beacon =
    deps.beacon ??
    (config.GAME_BEACON === 'drand'
      ? createDrandBeacon({ urls: config.DRAND_URLS?.split(',').map((u) => u.trim()) })
      : createLocalBeacon());
  const chainDeps = { secret: deps.secret, random: deps.random, clock: deps.clock, length: config.GAME_CHAIN_LENGTH, beacon };
  const scheduler = createGameScheduler({
    ...chainDeps,
    db: deps.db,
    logger: deps.logger,
    events: deps.events,
    beaconLateAfterMs: config.GAME_BEACON_TIMEOUT_SECONDS * 1000,
    settlementObserved: deps.metrics?.observeSettlement,
    // Each bettor's results message (topic 'results'), after the settlement committed.
    afterSettle: async (session) => {
      await notifySessionResults({ db: deps.db, notifier, source: { results: sessionResultsByUser, roomName: roomNameOf } }, session);
    },
  });
  return { beacon, chainDeps, scheduler, catalog: roomCatalog(deps.db) };
}

/** What money in needs (routes and operator routes share it): built once. */
function rechargeContext(deps: CoreDeps, notifier: Notifier, protection: ProtectionService, reads: ReadRouter) {
  const { config } = deps;
  return createRechargeContext({
    db: deps.db,
    reads,
    clock: deps.clock,
    random: deps.random,
    logger: deps.logger,
    notifier,
    protection,
    secret: deps.secret,
    publicUrl: publicUrlOf(config),
    playMoney: config.PLAY_MONEY,
    sandboxDeposits: config.SANDBOX_DEPOSITS,
  });
}

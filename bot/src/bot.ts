import { autoRetry } from '@grammyjs/auto-retry';
import { type Api, Bot, type BotConfig as GrammyBotConfig } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { caseInsensitiveCommands } from './commands';
import type { BotAccounts, BotConfig, BotContext } from './context';
import { broadcastFeature } from './features/broadcasts';
import { fallbackFeature } from './features/fallback';
import { giftCodeFeature } from './features/giftCodes';
import { helpFeature } from './features/help';
import { inviteFeature } from './features/invite';
import { type OperatorConfig, operatorFeature } from './features/operator';
import { settingsFeature } from './features/settings';
import { startFeature } from './features/start';
import { type SupportDesk, supportFeature } from './features/support';
import { type BotLog, watchApiHealth } from './runtime';
import { senderInfo } from './sender';
import { botCommandsFor } from './setup';

export interface BotDeps extends BotConfig {
  token: string;
  /** Bot API root; tests and local runs point it at the fake Bot API. */
  apiRoot?: string | undefined;
  /** Known bot identity, to skip getMe (tests). */
  botInfo?: UserFromGetMe;
  /** Where failed updates go; console.error by default, so a failing handler is never silent. */
  onError?: (error: unknown) => void;
  /** Core's accounts (invitation codes, Telegram linking); see BotConfig. */
  accounts?: BotAccounts | undefined;
  /** Notification choices (/settings), core's; see BotConfig. */
  notifications?: BotConfig['notifications'];
  /** Withdrawal review by operators; without it the bot has no operator commands. */
  operators?: OperatorConfig | undefined;
  /** With it, losing and regaining the Bot API is logged (once each, not per retry). */
  log?: BotLog | undefined;
  /** The operators' support group (SUPPORT_CHAT_ID): answers typed in its topics. */
  support?: SupportDesk | undefined;
}

/** Builds the bot; nothing is contacted until init/start is called. One Composer per feature. */
export function createBot(deps: BotDeps): Bot<BotContext> {
  const options: GrammyBotConfig<BotContext> = {
    ...(deps.apiRoot ? { client: { apiRoot: deps.apiRoot } } : {}),
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  };
  const bot = new Bot<BotContext>(deps.token, options);
  withAutoRetry(bot.api);
  const config: BotConfig = {
    miniAppUrl: deps.miniAppUrl,
    miniAppShortName: deps.miniAppShortName,
    accounts: deps.accounts,
    notifications: deps.notifications,
  };
  bot.use(async (ctx, next) => {
    ctx.config = config;
    await next();
  });
  bot.use(senderInfo(config), caseInsensitiveCommands);
  bot.use(startFeature, helpFeature, inviteFeature);
  if (deps.notifications) bot.use(settingsFeature(deps.notifications));
  if (deps.operators) bot.use(operatorFeature(deps.operators));
  if (deps.operators?.giftCodes) bot.use(giftCodeFeature({ giftCodes: deps.operators.giftCodes }));
  if (deps.operators?.broadcasts) bot.use(broadcastFeature({ broadcasts: deps.operators.broadcasts }));
  if (deps.support) bot.use(supportFeature(deps.support));
  // Last: what no feature handled gets a pointer to /help, and every button an answer.
  bot.use(fallbackFeature);
  if (deps.log) watchApiHealth(bot.api, deps.log);
  // Without a handler grammY stops polling on the first failing update; one bad update must not stop the bot.
  const onError = deps.onError ?? ((error: unknown) => console.error('bot update failed', error));
  bot.catch((err) => onError(err.error));
  return bot;
}

/**
 * Telegram's 429 (wait `retry_after`) and 5xx answers are retried in place by `@grammyjs/auto-retry`, a
 * few times and for at most 30 s per wait, so a request never hangs for long. A network failure is not
 * retried here: it is thrown at once, and the bot outbox (core's retry job) resends the message later,
 * across restarts. Long polling has its own reconnect loop.
 */
export function withAutoRetry(api: Api): Api {
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true }));
  return api;
}

/** The English command menu; `configureBotProfile` sets it in every language. */
export const botCommands = botCommandsFor(undefined);

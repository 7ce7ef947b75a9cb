import { localeFromTelegram } from '@prism/domain';
import type { Middleware } from 'grammy';
import type { BotConfig, BotContext, LinkedAccount } from './context';

/**
 * Gives each update `ctx.account()` and `ctx.locale()`, each asked of core at most once per update and
 * only when a feature needs it (operator buttons and group chatter cost no lookup).
 */
export function senderInfo(config: BotConfig): Middleware<BotContext> {
  return async (ctx, next) => {
    let account: Promise<LinkedAccount | undefined> | undefined;
    ctx.account = () => {
      const from = ctx.from;
      if (!from || from.is_bot || !config.accounts) return Promise.resolve(undefined);
      account ??= config.accounts.linkedAccount({ id: from.id, username: from.username, languageCode: from.language_code });
      return account;
    };
    ctx.locale = async () => (await ctx.account())?.locale ?? localeFromTelegram(ctx.from?.language_code);
    await next();
  };
}

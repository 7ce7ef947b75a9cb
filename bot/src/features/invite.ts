import { Composer } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { BotContext } from '../context';
import { inviteArticle, shareableInviteLink, telegramShareUrl } from '../invite';
import { inviteTexts } from '../inviteTexts';
import { botTexts } from '../texts';
import { isWebAppUrl } from './startAnswer';

/** The /start payload of the button above an empty inline answer: not an invitation code, so /start only greets. */
export const INLINE_START_PARAMETER = 'share_invite';

/**
 * Sharing the invitation from Telegram: `/invite` answers a linked user's invite link with Share and
 * Open buttons; typing @bot in any chat (inline mode) offers the invitation as a message to send.
 * The link is the one the app's invite panel shows (core's), so every way of sharing sends the same.
 */
export const inviteFeature = new Composer<BotContext>();

/** Opens the Mini App: a Web App button in the private chat (HTTPS only), elsewhere a t.me link to it. */
function openAppButton(ctx: BotContext, text: string): InlineKeyboardButton | undefined {
  const { miniAppUrl, miniAppShortName } = ctx.config;
  if (!isWebAppUrl(miniAppUrl)) return undefined;
  if (ctx.chat?.type === 'private') return { text, web_app: { url: miniAppUrl } };
  const bot = ctx.me.username;
  return { text, url: miniAppShortName ? `https://t.me/${bot}/${miniAppShortName}` : `https://t.me/${bot}` };
}

inviteFeature.command('invite', async (ctx) => {
  const locale = await ctx.locale();
  const t = inviteTexts(locale);
  const common = botTexts(locale);
  const account = await ctx.account();
  const open = openAppButton(ctx, common.openApp);
  if (!account) {
    const text = open ? t.notLinked : `${t.notLinked}\n\n${common.openAppAt(ctx.config.miniAppUrl)}`;
    return ctx.reply(text, {
      ...(open ? { reply_markup: { inline_keyboard: [[open]] } } : {}),
      link_preview_options: { is_disabled: true },
    });
  }
  const link = shareableInviteLink(account, ctx.me.username, ctx.config.miniAppShortName);
  // With inline mode on, Share lets the user pick a chat and sends our card (with its Join button);
  // without it, Telegram's share sheet sends the link and the invitation text.
  const share: InlineKeyboardButton = ctx.me.supports_inline_queries
    ? { text: t.share, switch_inline_query: '' }
    : { text: t.share, url: telegramShareUrl(link, t.cardIntro(account.invitationCode)) };
  return ctx.reply(t.yourLink(account.invitationCode, link), {
    reply_markup: { inline_keyboard: [open ? [share, open] : [share]] },
    link_preview_options: { is_disabled: true },
  });
});

inviteFeature.on('inline_query', async (ctx) => {
  const locale = await ctx.locale();
  const account = await ctx.account();
  // Personal and short-lived: the answer is this user's own link, and linking must show at once.
  const other = { is_personal: true, cache_time: 10 };
  if (!account) {
    return ctx.answerInlineQuery([], {
      ...other,
      button: { text: inviteTexts(locale).linkFirst, start_parameter: INLINE_START_PARAMETER },
    });
  }
  const link = shareableInviteLink(account, ctx.me.username, ctx.config.miniAppShortName);
  return ctx.answerInlineQuery([inviteArticle(locale, account.invitationCode, link)], other);
});

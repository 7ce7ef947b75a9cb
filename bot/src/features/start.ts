import { Composer } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { BotContext } from '../context';
import { botTexts } from '../texts';

/** Invitation codes are 8 characters of our alphabet; anything else after /start is ignored. */
const INVITATION = /^[A-Za-z0-9]{4,16}$/;

export function miniAppLink(url: string, invitationCode?: string): string {
  if (!invitationCode) return url;
  const target = new URL(url);
  // The web app reads the code from `startapp` (Telegram's start_param) or this query parameter.
  target.searchParams.set('startapp', invitationCode);
  return target.toString();
}

/**
 * The link a user shares: straight into the Mini App when it has a short name
 * (t.me/<bot>/<app>?startapp=), else into the bot's chat (t.me/<bot>?start=),
 * where /start <code> brings the code along.
 */
export function inviteLink(botUsername: string, miniAppShortName: string | undefined, invitationCode: string): string {
  return miniAppShortName
    ? `https://t.me/${botUsername}/${miniAppShortName}?startapp=${invitationCode}`
    : `https://t.me/${botUsername}?start=${invitationCode}`;
}

/** Telegram opens Web App buttons only for HTTPS pages; local runs use http://localhost. */
export const isWebAppUrl = (url: string): boolean => url.startsWith('https://');

/**
 * `/start [invitationCode]`: a button that opens the Mini App with the code,
 * and a shareable invite link when the bot knows its username.
 */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  const t = botTexts(ctx.from?.language_code);
  const payload = ctx.match.trim();
  const code = INVITATION.test(payload) ? payload.toUpperCase() : undefined;
  const { miniAppUrl, miniAppShortName } = ctx.config;
  const username = ctx.me.username;
  const appUrl = miniAppLink(miniAppUrl, code);

  const lines = [t.welcome(ctx.from?.first_name ?? '')];
  if (code) lines.push(t.invited(code));
  if (code && username) lines.push(t.inviteLink(inviteLink(username, miniAppShortName, code)));

  // Web App buttons work only in the private chat with the bot and only on HTTPS;
  // in a group the button leads to that private chat instead.
  let button: InlineKeyboardButton | undefined;
  if (!isWebAppUrl(miniAppUrl)) lines.push(t.openAppAt(appUrl));
  else if (ctx.chat.type === 'private') button = { text: t.openApp, web_app: { url: appUrl } };
  else if (username) button = { text: t.openApp, url: code ? inviteLink(username, undefined, code) : `https://t.me/${username}` };

  await ctx.reply(lines.join('\n\n'), {
    ...(button ? { reply_markup: { inline_keyboard: [[button]] } } : {}),
    link_preview_options: { is_disabled: true },
  });
});

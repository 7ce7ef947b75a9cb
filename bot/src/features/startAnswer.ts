// The answer to /start without grammY: core's sandbox route uses it at start-up, where grammY is not
// loaded unless the bot runs (features/start.ts is the bot's handler around it).
import { localeFromTelegram, translateMessage } from '@prism/domain';
import type { AccountOutcome, BotConfig, LinkedAccount } from '../context';
import { botTexts } from '../texts';
import type { OutgoingButton, OutgoingMessage } from '../transport';

/** Invitation codes are 8 characters of our alphabet; anything else after /start is ignored. */
const INVITATION = /^[A-Za-z0-9]{4,16}$/;
/** `/start link_<token>`: the deep link the app shows to link Telegram to a browser account. */
export const LINK_PREFIX = 'link_';
const LINK = /^link_([A-Za-z0-9_-]{1,64})$/;

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

/** Telegram refuses link buttons to relative addresses and to hosts without a dot (localhost). */
export function isButtonUrl(link: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The link to share: the one the app's invite panel shows (core's), unless Telegram could not open it
 * (a relative web link when core knows neither its bot nor its public address); then the bot's own
 * t.me link, which the bot can always build from its username.
 */
export function shareableInviteLink(
  account: Pick<LinkedAccount, 'inviteLink' | 'invitationCode'>,
  botUsername: string | undefined,
  miniAppShortName: string | undefined,
): string {
  if (isButtonUrl(account.inviteLink) || !botUsername) return account.inviteLink;
  return inviteLink(botUsername, miniAppShortName, account.invitationCode);
}

/** Telegram opens Web App buttons only for HTTPS pages; local runs use http://localhost. */
export const isWebAppUrl = (url: string): boolean => url.startsWith('https://');

/** Who pressed Start, where, with what payload: all the answer depends on besides configuration. */
export interface StartInput {
  payload: string;
  from: { id: number; first_name: string; username?: string | undefined; language_code?: string | undefined };
  chatType: string;
  botUsername: string | undefined;
}

/**
 * The answer to `/start [payload]`. The payload is a one-time link token
 * (link_<token>: links this Telegram user to a browser account) or an
 * invitation code (shown only when it exists). Linked users get their own
 * invite link. The bot speaks the account's language to a linked user, else the
 * Telegram client's. Also used by the sandbox, which has no bot, to show the same reply.
 */
export async function answerStart(input: StartInput, config: BotConfig): Promise<OutgoingMessage> {
  const { from, botUsername } = input;
  const user = { id: from.id, username: from.username, languageCode: from.language_code };
  const link = LINK.exec(input.payload);
  const linked = await linkOutcome(input, config, link?.[1], user);
  const account = await config.accounts?.linkedAccount(user);
  const locale = account?.locale ?? localeFromTelegram(from.language_code);
  const t = botTexts(locale);
  const lines = [t.welcome(greetingName(from))];
  if (linked === 'unknown') lines.push(translateMessage('TELEGRAM_LINK_UNKNOWN', locale));
  else if (linked) lines.push(linked.ok ? (from.username ? t.linked : t.linkedNoUsername) : linked.message);

  const candidate = !link && !account && INVITATION.test(input.payload) ? input.payload.toUpperCase() : undefined;
  const code = await invitationLine(candidate, config, t, lines);
  if (account && botUsername) lines.push(t.inviteLink(shareableInviteLink(account, botUsername, config.miniAppShortName)));

  const appUrl = miniAppLink(config.miniAppUrl, code);
  const button = openAppButton(input, config, appUrl, code, t.openApp);
  lines.push(button ? t.tapButton : t.openAppAt(appUrl));
  return { text: lines.join('\n\n'), ...(button ? { buttons: [[button]] } : {}) };
}

/** Adds what the bot says about an invitation code in the payload; returns the code when it exists. */
async function invitationLine(
  candidate: string | undefined,
  config: BotConfig,
  t: ReturnType<typeof botTexts>,
  lines: string[],
): Promise<string | undefined> {
  if (!candidate) return undefined;
  if (await config.accounts?.invitationExists(candidate)) {
    lines.push(t.invited(candidate));
    return candidate;
  }
  lines.push(t.invitationUnknown(candidate));
  return undefined;
}

/** What a link_<token> payload did (linked, or why not); 'unknown' for a malformed token; undefined when the payload is no link. */
async function linkOutcome(
  input: StartInput,
  config: BotConfig,
  token: string | undefined,
  user: Parameters<NonNullable<BotConfig['accounts']>['link']>[1],
): Promise<AccountOutcome | 'unknown' | undefined> {
  if (token && config.accounts) return config.accounts.link(token, user);
  if (input.payload.startsWith(LINK_PREFIX)) return 'unknown';
  return undefined;
}

/**
 * Web App buttons work only in the private chat with the bot and only on HTTPS;
 * in a group the button leads to that private chat instead. No button: the address goes in the text.
 */
function openAppButton(
  input: StartInput,
  config: BotConfig,
  appUrl: string,
  code: string | undefined,
  text: string,
): OutgoingButton | undefined {
  if (!isWebAppUrl(config.miniAppUrl)) return undefined;
  if (input.chatType === 'private') return { text, webAppUrl: appUrl };
  if (!input.botUsername) return undefined;
  return { text, url: code ? inviteLink(input.botUsername, undefined, code) : `https://t.me/${input.botUsername}` };
}

/** The name to greet: the first name, else the @username; none when Telegram (or the sandbox) gives neither. */
export function greetingName(from: { first_name?: string; username?: string }): string | undefined {
  const first = from.first_name?.trim();
  if (first) return first;
  const username = from.username?.trim();
  return username ? `@${username}` : undefined;
}

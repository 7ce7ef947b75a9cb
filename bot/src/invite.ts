// The invitation as Telegram carries it: grammY-free (types only), so core builds the same prepared
// message for the Mini App's share sheet that the bot answers in inline mode.
import type { InlineQueryResultArticle } from 'grammy/types';
import { isButtonUrl } from './features/startAnswer';
import { inviteTexts } from './inviteTexts';

export { isButtonUrl, shareableInviteLink } from './features/startAnswer';

/** The message a friend receives: the invitation, the link, and a button that opens the Mini App with startapp=<code>. */
export function inviteMessageText(locale: string, code: string, link: string): string {
  return `${inviteTexts(locale).cardIntro(code)}\n${link}`;
}

/**
 * The shared invitation as an inline result (inline mode) or a prepared message (savePreparedInlineMessage).
 * Its button is a url button to the invite link: a Web App button is refused in a message sent through
 * the bot, while t.me/<bot>/<app>?startapp=<code> opens the Mini App with the code in any chat.
 */
export function inviteArticle(locale: string, code: string, link: string): InlineQueryResultArticle {
  const t = inviteTexts(locale);
  return {
    type: 'article',
    id: `invite-${code}`.slice(0, 64),
    title: t.cardTitle,
    description: t.cardDescription(code),
    input_message_content: { message_text: inviteMessageText(locale, code, link), link_preview_options: { is_disabled: true } },
    ...(isButtonUrl(link) ? { reply_markup: { inline_keyboard: [[{ text: t.join, url: link }]] } } : {}),
  };
}

/** Telegram's own share sheet (t.me/share/url): the user picks a chat, the link and text are filled in. */
export function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

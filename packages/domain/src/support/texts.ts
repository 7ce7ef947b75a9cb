import { isolate, type Locale, resolveLocale } from '../locales';

/** What the bot tells a player about their support chat, in their language. */
export interface SupportTexts {
  /** An operator's answer, quoted, and where to continue. */
  reply: (text: string) => string;
}

/** Telegram's limit is 4096 characters: a long answer is cut in the notice (the app has it whole). */
const quote = (text: string) => (text.length > 3500 ? `${text.slice(0, 3500)}…` : text);

const texts: Record<Locale, SupportTexts> = {
  'en-US': { reply: (text) => `Support answered you:\n\n${quote(text)}\n\nReply in the app: Personal → Support chat.` },
  'zh-TW': { reply: (text) => `客服回覆了您：\n\n${quote(text)}\n\n請在應用中回覆：個人 → 客服聊天。` },
  vi: { reply: (text) => `Bộ phận hỗ trợ đã trả lời bạn:\n\n${quote(text)}\n\nTrả lời trong ứng dụng: Cá nhân → Trò chuyện hỗ trợ.` },
  fa: { reply: (text) => `پشتیبانی به شما پاسخ داد:\n\n${isolate(quote(text))}\n\nدر برنامه پاسخ دهید: شخصی ← گفتگوی پشتیبانی.` },
  ar: { reply: (text) => `ردّ عليك فريق الدعم:\n\n${isolate(quote(text))}\n\nردّ في التطبيق: الحساب الشخصي ← دردشة الدعم.` },
};

export function supportTexts(locale: string | undefined): SupportTexts {
  return texts[resolveLocale(locale)];
}

/** What the operators' support group shows (English: the operator team's working language). */
export const supportGroupTexts = {
  fromPlayer: (text: string, attachmentUrl: string | null, publicUrl: string) =>
    [`Player:`, text.trim() ? quote(text) : '', attachmentUrl ? `Image: ${publicUrl}${attachmentUrl}` : ''].filter(Boolean).join('\n'),
  fromOperator: (login: string, text: string) => `${login || 'Operator'} answered in the console:\n${quote(text)}`,
};

import { type Locale, resolveLocale } from '@prism/domain';

/** What the bot says when nothing else understood the user, in the five languages. */
interface FallbackTexts {
  /** A /command the bot does not have. */
  unknownCommand: string;
  /** Free text, a photo, a sticker…: the bot only has commands and the Mini App. */
  notUnderstood: string;
  /** A button whose action no longer exists (answerCallbackQuery: at most 200 characters). */
  unknownButton: string;
}

const texts: Record<Locale, FallbackTexts> = {
  'en-US': {
    unknownCommand: "I don't know that command. Send /help to see what I can do.",
    notUnderstood: "Sorry, I don't understand messages. Send /help to see what I can do.",
    unknownButton: 'This button no longer works.',
  },
  'zh-TW': {
    unknownCommand: '我不認識這個指令。傳送 /help 查看我能做什麼。',
    notUnderstood: '抱歉，我無法理解訊息。傳送 /help 查看我能做什麼。',
    unknownButton: '此按鈕已失效。',
  },
  vi: {
    unknownCommand: 'Tôi không biết lệnh này. Gửi /help để xem tôi có thể làm gì.',
    notUnderstood: 'Xin lỗi, tôi không hiểu tin nhắn. Gửi /help để xem tôi có thể làm gì.',
    unknownButton: 'Nút này không còn hoạt động.',
  },
  fa: {
    unknownCommand: 'این دستور را نمی‌شناسم. برای دیدن کارهایی که می‌توانم انجام دهم /help را بفرستید.',
    notUnderstood: 'متأسفم، پیام‌ها را متوجه نمی‌شوم. برای دیدن کارهایی که می‌توانم انجام دهم /help را بفرستید.',
    unknownButton: 'این دکمه دیگر کار نمی‌کند.',
  },
  ar: {
    unknownCommand: 'لا أعرف هذا الأمر. أرسل /help لمعرفة ما يمكنني فعله.',
    notUnderstood: 'عذرًا، لا أفهم الرسائل. أرسل /help لمعرفة ما يمكنني فعله.',
    unknownButton: 'هذا الزر لم يعد يعمل.',
  },
};

export function fallbackTexts(languageCode: string | undefined): FallbackTexts {
  return texts[resolveLocale(languageCode)];
}

import { type Locale, resolveLocale } from '@prism/domain';

/** What the bot says when a user shares their invitation (/invite, inline mode, the app's share sheet), in the five languages. */
export interface InviteTexts {
  /** The /invite description in the command menu (setMyCommands). */
  command: string;
  /** The /invite line in /help, after "/invite – ". */
  helpLine: string;
  /** /invite for a linked user: their code and link. */
  yourLink: (code: string, link: string) => string;
  /** The button that shares the invitation with another chat. */
  share: string;
  /** /invite for a Telegram user with no Prism account linked yet. */
  notLinked: string;
  /** Above an empty inline answer for an unlinked user: opens the bot's chat (at most 64 characters). */
  linkFirst: string;
  /** The inline result's title and description, as the sharer sees them in the list. */
  cardTitle: string;
  cardDescription: (code: string) => string;
  /** What the friend receives, before the link. */
  cardIntro: (code: string) => string;
  /** The button under the shared message, for the friend: opens the Mini App with the code. */
  join: string;
}

const texts: Record<Locale, InviteTexts> = {
  'en-US': {
    command: 'Share your invite link',
    helpLine: 'share your invite link',
    yourLink: (code, link) => `Your invitation code is ${code}. Friends who open this link sign up with it:\n${link}`,
    share: 'Share',
    notLinked:
      'Your Telegram account is not linked to Prism yet. Open the app and sign in with your phone number: that links it. Then send /invite again.',
    linkFirst: 'Link your Prism account first',
    cardTitle: 'Invite to Prism',
    cardDescription: (code) => `Send your invitation with code ${code}`,
    cardIntro: (code) => `Join me on Prism, a wallet, task platform and provably fair colour game in Telegram. My invitation code: ${code}`,
    join: 'Join Prism',
  },
  'zh-TW': {
    command: '分享您的邀請連結',
    helpLine: '分享您的邀請連結',
    yourLink: (code, link) => `您的邀請碼是 ${code}。好友開啟此連結即可使用該邀請碼註冊：\n${link}`,
    share: '分享',
    notLinked: '您的 Telegram 帳號尚未與 Prism 連結。請開啟應用並使用手機號碼登入即可完成連結，然後再傳送 /invite。',
    linkFirst: '請先連結您的 Prism 帳號',
    cardTitle: '邀請加入 Prism',
    cardDescription: (code) => `傳送附有邀請碼 ${code} 的邀請`,
    cardIntro: (code) => `和我一起使用 Prism：Telegram 中的錢包、任務平台與可驗證公平的顏色遊戲。我的邀請碼：${code}`,
    join: '加入 Prism',
  },
  vi: {
    command: 'Chia sẻ liên kết mời của bạn',
    helpLine: 'chia sẻ liên kết mời của bạn',
    yourLink: (code, link) => `Mã mời của bạn là ${code}. Bạn bè mở liên kết này sẽ đăng ký với mã đó:\n${link}`,
    share: 'Chia sẻ',
    notLinked:
      'Tài khoản Telegram của bạn chưa được liên kết với Prism. Hãy mở ứng dụng và đăng nhập bằng số điện thoại để liên kết, rồi gửi lại /invite.',
    linkFirst: 'Hãy liên kết tài khoản Prism trước',
    cardTitle: 'Mời tham gia Prism',
    cardDescription: (code) => `Gửi lời mời kèm mã ${code}`,
    cardIntro: (code) =>
      `Tham gia Prism cùng tôi: ví, nền tảng nhiệm vụ và trò chơi màu sắc công bằng có thể kiểm chứng trong Telegram. Mã mời của tôi: ${code}`,
    join: 'Tham gia Prism',
  },
  fa: {
    command: 'اشتراک‌گذاری لینک دعوت شما',
    helpLine: 'اشتراک‌گذاری لینک دعوت',
    yourLink: (code, link) => `کد دعوت شما ${code} است. دوستانی که این لینک را باز کنند با همین کد ثبت‌نام می‌کنند:\n${link}`,
    share: 'اشتراک‌گذاری',
    notLinked:
      'حساب تلگرام شما هنوز به Prism متصل نیست. برنامه را باز کنید و با شماره تلفن خود وارد شوید تا متصل شود، سپس دوباره /invite را بفرستید.',
    linkFirst: 'ابتدا حساب Prism خود را متصل کنید',
    cardTitle: 'دعوت به Prism',
    cardDescription: (code) => `ارسال دعوت با کد ${code}`,
    cardIntro: (code) => `با من به Prism بپیوندید: کیف پول، سکوی وظایف و بازی رنگ با عدالت قابل اثبات در تلگرام. کد دعوت من: ${code}`,
    join: 'پیوستن به Prism',
  },
  ar: {
    command: 'شارك رابط الدعوة الخاص بك',
    helpLine: 'مشاركة رابط الدعوة',
    yourLink: (code, link) => `رمز الدعوة الخاص بك هو ${code}. الأصدقاء الذين يفتحون هذا الرابط يسجّلون به:\n${link}`,
    share: 'مشاركة',
    notLinked: 'حسابك في تيليجرام غير مرتبط بـ Prism بعد. افتح التطبيق وسجّل الدخول برقم هاتفك ليتم الربط، ثم أرسل /invite مرة أخرى.',
    linkFirst: 'اربط حسابك في Prism أولًا',
    cardTitle: 'دعوة إلى Prism',
    cardDescription: (code) => `أرسل دعوتك مع الرمز ${code}`,
    cardIntro: (code) => `انضم إليّ في Prism: محفظة ومنصة مهام ولعبة ألوان عادلة قابلة للتحقق داخل تيليجرام. رمز الدعوة الخاص بي: ${code}`,
    join: 'انضم إلى Prism',
  },
};

/** The invitation texts in one of our locales (a locale or a language tag). */
export function inviteTexts(locale: string | undefined): InviteTexts {
  return texts[resolveLocale(locale)];
}

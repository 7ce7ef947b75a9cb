import { isolate, type Locale, resolveLocale } from '@prism/domain';

/** The bot's own words in the five languages; the user's Telegram language picks one. */
interface BotTexts {
  /** Greets by name; without one (an empty first name and no username) a greeting without a name. */
  welcome: (name?: string) => string;
  /** Only when a button is shown (HTTPS Mini App); otherwise `openAppAt` gives the address. */
  tapButton: string;
  invited: (code: string) => string;
  invitationUnknown: (code: string) => string;
  /** After `/start link_<token>` linked this Telegram account to a Prism account. */
  linked: string;
  /** Linked, but without a Telegram username, which withdrawals need. */
  linkedNoUsername: string;
  openApp: string;
  inviteLink: (link: string) => string;
  help: string;
  /** When the Mini App is not on HTTPS (local runs) Telegram refuses its button; the address goes in the text. */
  openAppAt: (url: string) => string;
  /** Descriptions in the command menu (setMyCommands). */
  commands: { start: string; help: string };
}

const texts: Record<Locale, BotTexts> = {
  'en-US': {
    welcome: (name) => (name ? `Welcome to Prism, ${name}!` : 'Welcome to Prism!'),
    tapButton: 'Tap the button below to open the app.',
    invited: (code) => `Your invitation code ${code} will be filled in when you register.`,
    invitationUnknown: (code) => `The invitation code ${code} does not exist. You can still register without one.`,
    linked: 'Your Telegram account is now linked to Prism. Go back to the app: withdrawal codes and notices will arrive in this chat.',
    linkedNoUsername:
      'Your Telegram account is now linked to Prism, but it has no username, which withdrawals need. Set one in Telegram settings, then send /start here again.',
    openApp: 'Open Prism',
    inviteLink: (link) => `Share your own invite link: ${link}`,
    help: 'Prism is a wallet, task platform and provably fair colour game in a Telegram Mini App.\n\n/start – open the app\n/help – this message\n\nWithdrawal codes and notices arrive in this chat.',
    openAppAt: (url) => `Open the app in your browser: ${url}`,
    commands: { start: 'Open Prism', help: 'What this bot does' },
  },
  'zh-TW': {
    welcome: (name) => (name ? `歡迎來到 Prism，${name}！` : '歡迎來到 Prism！'),
    tapButton: '點擊下方按鈕開啟應用。',
    invited: (code) => `註冊時將自動填入您的邀請碼 ${code}。`,
    invitationUnknown: (code) => `邀請碼 ${code} 不存在。您仍可不使用邀請碼註冊。`,
    linked: '您的 Telegram 帳號已與 Prism 連結。請回到應用：提領驗證碼與通知將傳送到此聊天。',
    linkedNoUsername:
      '您的 Telegram 帳號已與 Prism 連結，但尚未設定使用者名稱，提領需要它。請在 Telegram 設定中設定後，再在此傳送 /start。',
    openApp: '開啟 Prism',
    inviteLink: (link) => `分享您的邀請連結：${link}`,
    help: 'Prism 是 Telegram 小程式中的錢包、任務平台與可驗證公平的顏色遊戲。\n\n/start – 開啟應用\n/help – 本說明\n\n提領驗證碼與通知會傳送到此聊天。',
    openAppAt: (url) => `在瀏覽器中開啟應用：${url}`,
    commands: { start: '開啟 Prism', help: '這個機器人能做什麼' },
  },
  vi: {
    welcome: (name) => (name ? `Chào mừng đến với Prism, ${name}!` : 'Chào mừng đến với Prism!'),
    tapButton: 'Nhấn nút bên dưới để mở ứng dụng.',
    invited: (code) => `Mã mời ${code} sẽ được điền sẵn khi bạn đăng ký.`,
    invitationUnknown: (code) => `Mã mời ${code} không tồn tại. Bạn vẫn có thể đăng ký mà không cần mã.`,
    linked:
      'Tài khoản Telegram của bạn đã được liên kết với Prism. Hãy quay lại ứng dụng: mã rút tiền và thông báo sẽ được gửi vào cuộc trò chuyện này.',
    linkedNoUsername:
      'Tài khoản Telegram của bạn đã được liên kết với Prism nhưng chưa có tên người dùng, điều cần thiết để rút tiền. Hãy đặt tên người dùng trong cài đặt Telegram rồi gửi lại /start tại đây.',
    openApp: 'Mở Prism',
    inviteLink: (link) => `Chia sẻ liên kết mời của bạn: ${link}`,
    help: 'Prism là ví, nền tảng nhiệm vụ và trò chơi màu sắc công bằng có thể kiểm chứng trong Telegram Mini App.\n\n/start – mở ứng dụng\n/help – tin nhắn này\n\nMã rút tiền và thông báo sẽ được gửi vào cuộc trò chuyện này.',
    openAppAt: (url) => `Mở ứng dụng trong trình duyệt: ${url}`,
    commands: { start: 'Mở Prism', help: 'Bot này làm gì' },
  },
  fa: {
    welcome: (name) => (name ? `${isolate(name)}، به Prism خوش آمدید!` : 'به Prism خوش آمدید!'),
    tapButton: 'برای باز کردن برنامه، دکمه زیر را بزنید.',
    invited: (code) => `کد دعوت ${isolate(code)} هنگام ثبت‌نام به‌طور خودکار وارد می‌شود.`,
    invitationUnknown: (code) => `کد دعوت ${isolate(code)} وجود ندارد. همچنان می‌توانید بدون کد ثبت‌نام کنید.`,
    linked: 'حساب تلگرام شما اکنون به Prism متصل است. به برنامه برگردید: کدهای برداشت و اطلاعیه‌ها در این گفتگو ارسال می‌شوند.',
    linkedNoUsername:
      'حساب تلگرام شما به Prism متصل شد، اما نام کاربری ندارد که برای برداشت لازم است. در تنظیمات تلگرام یک نام کاربری بگذارید و دوباره /start را اینجا بفرستید.',
    openApp: 'باز کردن Prism',
    inviteLink: (link) => `لینک دعوت خود را به اشتراک بگذارید:\n${link}`,
    help: 'Prism یک کیف پول، سکوی وظایف و بازی رنگ با عدالت قابل اثبات در مینی‌اپ تلگرام است.\n\n/start – باز کردن برنامه\n/help – همین پیام\n\nکدهای برداشت و اطلاعیه‌ها در این گفتگو ارسال می‌شوند.',
    openAppAt: (url) => `برنامه را در مرورگر باز کنید:\n${url}`,
    commands: { start: 'باز کردن Prism', help: 'این ربات چه کاری انجام می‌دهد' },
  },
  ar: {
    welcome: (name) => (name ? `مرحبًا بك في Prism يا ${isolate(name)}!` : 'مرحبًا بك في Prism!'),
    tapButton: 'اضغط الزر أدناه لفتح التطبيق.',
    invited: (code) => `سيتم إدخال رمز الدعوة ${isolate(code)} تلقائيًا عند التسجيل.`,
    invitationUnknown: (code) => `رمز الدعوة ${isolate(code)} غير موجود. لا يزال بإمكانك التسجيل بدونه.`,
    linked: 'تم ربط حسابك في تيليجرام بـ Prism. عد إلى التطبيق: ستصل رموز السحب والإشعارات إلى هذه المحادثة.',
    linkedNoUsername:
      'تم ربط حسابك في تيليجرام بـ Prism، لكن ليس لديه اسم مستخدم وهو مطلوب للسحب. عيّن اسم مستخدم في إعدادات تيليجرام ثم أرسل /start هنا مرة أخرى.',
    openApp: 'افتح Prism',
    inviteLink: (link) => `شارك رابط الدعوة الخاص بك:\n${link}`,
    help: 'Prism محفظة ومنصة مهام ولعبة ألوان عادلة قابلة للتحقق داخل تطبيق تيليجرام المصغّر.\n\n/start – فتح التطبيق\n/help – هذه الرسالة\n\nتصل رموز السحب والإشعارات إلى هذه المحادثة.',
    openAppAt: (url) => `افتح التطبيق في المتصفح:\n${url}`,
    commands: { start: 'افتح Prism', help: 'ما الذي يفعله هذا البوت' },
  },
};

export function botTexts(languageCode: string | undefined): BotTexts {
  return texts[resolveLocale(languageCode)];
}

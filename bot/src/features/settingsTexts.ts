import { type Locale, type NotificationTopic, resolveLocale } from '@prism/domain';

/** /settings (the notifications a player chooses) in the five languages. */
export interface SettingsTexts {
  command: string;
  helpLine: string;
  title: string;
  /** What the buttons do, and what cannot be switched off. */
  intro: string;
  topics: Record<NotificationTopic, string>;
  reminderAt: (time: string, zone: string) => string;
  chooseTime: string;
  back: string;
  saved: string;
  notLinked: string;
}

const texts: Record<Locale, SettingsTexts> = {
  'en-US': {
    command: 'Choose your notifications',
    helpLine: 'choose your notifications',
    title: 'Notifications',
    intro:
      'Tap a topic to switch it on or off. Deposits, withdrawals, security and support messages are always sent. The same choices are in the app under Personal → Notifications.',
    topics: { results: 'Bet results', income: 'Rebates and daily income', reminder: 'Daily sign-in reminder', notices: 'Notices' },
    reminderAt: (time, zone) => `Reminder time: ${time} (${zone})`,
    chooseTime: 'Choose the time of your daily reminder (the time zone is set in the app):',
    back: 'Back',
    saved: 'Saved',
    notLinked:
      'Your Telegram account is not linked to Prism yet. Open the app and sign in with your phone number: that links it. Then send /settings again.',
  },
  'zh-TW': {
    command: '選擇您的通知',
    helpLine: '選擇您的通知',
    title: '通知',
    intro: '點選主題即可開啟或關閉。入金、出金、安全與客服訊息一律會傳送。應用內「個人 → 通知」中也有相同的設定。',
    topics: { results: '投注結果', income: '返佣與每日收益', reminder: '每日簽到提醒', notices: '公告' },
    reminderAt: (time, zone) => `提醒時間：${time}（${zone}）`,
    chooseTime: '選擇每日提醒的時間（時區請在應用內設定）：',
    back: '返回',
    saved: '已儲存',
    notLinked: '您的 Telegram 帳號尚未與 Prism 連結。請開啟應用並使用手機號碼登入即可完成連結，然後再傳送 /settings。',
  },
  vi: {
    command: 'Chọn thông báo của bạn',
    helpLine: 'chọn thông báo của bạn',
    title: 'Thông báo',
    intro:
      'Chạm vào một chủ đề để bật hoặc tắt. Tin nạp tiền, rút tiền, bảo mật và hỗ trợ luôn được gửi. Các lựa chọn này cũng có trong ứng dụng tại Cá nhân → Thông báo.',
    topics: {
      results: 'Kết quả cược',
      income: 'Hoa hồng và thu nhập hằng ngày',
      reminder: 'Nhắc điểm danh hằng ngày',
      notices: 'Thông báo chung',
    },
    reminderAt: (time, zone) => `Giờ nhắc: ${time} (${zone})`,
    chooseTime: 'Chọn giờ nhắc hằng ngày (múi giờ được đặt trong ứng dụng):',
    back: 'Quay lại',
    saved: 'Đã lưu',
    notLinked:
      'Tài khoản Telegram của bạn chưa được liên kết với Prism. Hãy mở ứng dụng và đăng nhập bằng số điện thoại để liên kết, rồi gửi lại /settings.',
  },
  fa: {
    command: 'اعلان‌های خود را انتخاب کنید',
    helpLine: 'اعلان‌های خود را انتخاب کنید',
    title: 'اعلان‌ها',
    intro:
      'برای روشن یا خاموش کردن هر موضوع روی آن بزنید. پیام‌های واریز، برداشت، امنیت و پشتیبانی همیشه ارسال می‌شوند. همین انتخاب‌ها در برنامه در بخش شخصی ← اعلان‌ها هم هست.',
    topics: { results: 'نتایج شرط‌ها', income: 'پورسانت و درآمد روزانه', reminder: 'یادآوری ثبت حضور روزانه', notices: 'اطلاعیه‌ها' },
    reminderAt: (time, zone) => `زمان یادآوری: ${time} (${zone})`,
    chooseTime: 'زمان یادآوری روزانه را انتخاب کنید (منطقه زمانی در برنامه تنظیم می‌شود):',
    back: 'بازگشت',
    saved: 'ذخیره شد',
    notLinked:
      'حساب تلگرام شما هنوز به Prism متصل نیست. برنامه را باز کنید و با شماره تلفن وارد شوید تا متصل شود، سپس دوباره /settings را بفرستید.',
  },
  ar: {
    command: 'اختر إشعاراتك',
    helpLine: 'اختر إشعاراتك',
    title: 'الإشعارات',
    intro:
      'اضغط على موضوع لتشغيله أو إيقافه. رسائل الإيداع والسحب والأمان والدعم تُرسل دائمًا. الخيارات نفسها موجودة في التطبيق ضمن الحساب الشخصي ← الإشعارات.',
    topics: { results: 'نتائج الرهانات', income: 'العمولات والدخل اليومي', reminder: 'تذكير تسجيل الحضور اليومي', notices: 'الإعلانات' },
    reminderAt: (time, zone) => `وقت التذكير: ${time} (${zone})`,
    chooseTime: 'اختر وقت التذكير اليومي (المنطقة الزمنية تُضبط في التطبيق):',
    back: 'رجوع',
    saved: 'تم الحفظ',
    notLinked: 'حسابك في تيليجرام غير مرتبط بـ Prism بعد. افتح التطبيق وسجّل الدخول برقم هاتفك لربطه، ثم أرسل /settings مرة أخرى.',
  },
};

export function settingsTexts(locale: string | null | undefined): SettingsTexts {
  return texts[resolveLocale(locale)];
}

import type { Locale } from '@prism/domain';

/** The SMS body in the caller's language. The code is the only variable part. */
const templates: Record<Locale, (code: string, minutes: number) => string> = {
  'en-US': (code, minutes) => `Your Prism verification code is ${code}. It is valid for ${minutes} minutes. Do not share it.`,
  'zh-TW': (code, minutes) => `您的 Prism 驗證碼為 ${code}，${minutes} 分鐘內有效，請勿告知他人。`,
  vi: (code, minutes) => `Mã xác minh Prism của bạn là ${code}, có hiệu lực trong ${minutes} phút. Không chia sẻ mã này.`,
  fa: (code, minutes) => `کد تأیید Prism شما ${code} است و ${minutes} دقیقه اعتبار دارد. آن را با کسی به اشتراک نگذارید.`,
  ar: (code, minutes) => `رمز التحقق الخاص بك في Prism هو ${code}، وهو صالح لمدة ${minutes} دقائق. لا تشاركه مع أحد.`,
};

export function smsText(locale: Locale, code: string, minutes: number): string {
  return templates[locale](code, minutes);
}

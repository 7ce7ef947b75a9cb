/** What the bot says in Telegram about withdrawals (to users) and to operators. One home for texts: core and the bot both read them here. */
import { isolate, type Locale, resolveLocale } from '../locales';
import { countOf } from '../plural';

/** Values inside a right-to-left (fa, ar) sentence are isolated, so an amount and its coin, an order number or a Latin reason keep their order. */
const iso = (...parts: (string | number)[]) => isolate(parts.join(' '));

/** What the bot tells a user about their withdrawals, in their language. Amounts come formatted. */
export interface WithdrawalTexts {
  code: (code: string, minutes: number) => string;
  requested: (orderNo: string, amount: string, currency: string) => string;
  approved: (orderNo: string, receive: string, currency: string) => string;
  rejected: (orderNo: string, amount: string, currency: string, reason: string) => string;
}

const texts: Record<Locale, WithdrawalTexts> = {
  'en-US': {
    code: (code, minutes) =>
      `Your Prism withdrawal code is ${code}. It is valid for ${minutes} minutes. Never share it: Prism staff will never ask for it.`,
    requested: (orderNo, amount, currency) =>
      `Withdrawal ${orderNo} of ${amount} ${currency} received. We will tell you here when it is reviewed.`,
    approved: (orderNo, receive, currency) => `Withdrawal ${orderNo} approved: ${receive} ${currency} is on its way.`,
    rejected: (orderNo, amount, currency, reason) =>
      `Withdrawal ${orderNo} of ${amount} ${currency} was rejected and refunded to your balance.\nReason: ${reason}`,
  },
  'zh-TW': {
    code: (code, minutes) => `您的 Prism 提領驗證碼為 ${code}，${minutes} 分鐘內有效。請勿告知任何人，Prism 工作人員不會向您索取。`,
    requested: (orderNo, amount, currency) => `已收到提領 ${orderNo}（${amount} ${currency}）。審核完成後會在此通知您。`,
    approved: (orderNo, receive, currency) => `提領 ${orderNo} 已核准：${receive} ${currency} 正在匯出。`,
    rejected: (orderNo, amount, currency, reason) => `提領 ${orderNo}（${amount} ${currency}）已被拒絕並退回餘額。\n原因：${reason}`,
  },
  vi: {
    code: (code, minutes) =>
      `Mã rút tiền Prism của bạn là ${code}, có hiệu lực trong ${minutes} phút. Không chia sẻ mã này: nhân viên Prism không bao giờ hỏi mã.`,
    requested: (orderNo, amount, currency) =>
      `Đã nhận yêu cầu rút ${orderNo} số tiền ${amount} ${currency}. Chúng tôi sẽ báo tại đây khi xét duyệt xong.`,
    approved: (orderNo, receive, currency) => `Yêu cầu rút ${orderNo} đã được duyệt: ${receive} ${currency} đang được chuyển.`,
    rejected: (orderNo, amount, currency, reason) =>
      `Yêu cầu rút ${orderNo} số tiền ${amount} ${currency} bị từ chối và đã hoàn vào số dư.\nLý do: ${reason}`,
  },
  fa: {
    code: (code, minutes) =>
      `کد برداشت Prism شما ${iso(code)} است و ${iso(minutes)} دقیقه اعتبار دارد. آن را به هیچ‌کس ندهید؛ کارکنان Prism هرگز آن را نمی‌خواهند.`,
    requested: (orderNo, amount, currency) =>
      `برداشت ${iso(orderNo)} به مبلغ ${iso(amount, currency)} دریافت شد. نتیجه بررسی را همین‌جا اطلاع می‌دهیم.`,
    approved: (orderNo, receive, currency) => `برداشت ${iso(orderNo)} تأیید شد: ${iso(receive, currency)} در راه است.`,
    rejected: (orderNo, amount, currency, reason) =>
      `برداشت ${iso(orderNo)} به مبلغ ${iso(amount, currency)} رد شد و به موجودی شما بازگشت.\nدلیل: ${iso(reason)}`,
  },
  ar: {
    code: (code, minutes) =>
      `رمز السحب الخاص بك في Prism هو ${iso(code)}، وهو صالح لمدة ${iso(minutes)} دقائق. لا تشاركه أبدًا: فريق Prism لن يطلبه منك.`,
    requested: (orderNo, amount, currency) => `تم استلام طلب السحب ${iso(orderNo)} بمبلغ ${iso(amount, currency)}. سنخبرك هنا عند مراجعته.`,
    approved: (orderNo, receive, currency) => `تمت الموافقة على السحب ${iso(orderNo)}: ${iso(receive, currency)} في الطريق إليك.`,
    rejected: (orderNo, amount, currency, reason) =>
      `تم رفض السحب ${iso(orderNo)} بمبلغ ${iso(amount, currency)} وإعادته إلى رصيدك.\nالسبب: ${iso(reason)}`,
  },
};

export function withdrawalTexts(locale: string | undefined): WithdrawalTexts {
  return texts[resolveLocale(locale)];
}

/** What operators see (English: the operator team's working language). */
export const operatorTexts = {
  review: (w: {
    id: number;
    orderNo: string;
    amount: string;
    fee: string;
    currency: string;
    channel: string;
    destination: string;
    user: string;
  }) =>
    `Withdrawal #${w.id} (${w.orderNo}) needs review\nUser: ${w.user}\nAmount: ${w.amount} ${w.currency} (fee ${w.fee})\nTo: ${w.channel} ${w.destination}`,
  approve: 'Approve',
  reject: 'Reject',
  askReason: (id: number) => `Reason for rejecting withdrawal #${id}? Reply to this message with the reason the user will see.`,
  approved: (id: number, by: string) => `Withdrawal #${id} approved by ${by}: paid.`,
  rejected: (id: number, by: string, reason: string) => `Withdrawal #${id} rejected by ${by}: refunded. Reason: ${reason}`,
  alreadyDone: (id: number, status: string) => `Withdrawal #${id} is already ${status}.`,
  notOperator: 'Only operators can do this.',
  emptyReason: 'The reason cannot be empty: the user will see it.',
  giftCodeUsage: 'Usage: /giftcode <amount> [asset CASH|USDT|CHIP|GOLD|POINT] [uses] [days]\nExample: /giftcode 5 CASH 100 7',
  broadcastUsage: 'Usage: /broadcast <text>\nWith several lines, the first line is the title.',
  broadcastSent: (b: { id: number; recipients: number; telegram: number }) =>
    `Broadcast #${b.id} posted to ${countOf(b.recipients, 'user', 'users')}; ${countOf(b.telegram, 'Telegram chat', 'Telegram chats')} will get it.`,
  giftCodeCreated: (c: { code: string; amount: string; asset: string; uses: number; expiresAt: string }) =>
    `Gift code ${c.code}: ${c.amount} ${c.asset}, ${countOf(c.uses, 'use', 'uses')}, once per user, until ${c.expiresAt.slice(0, 16).replace('T', ' ')} UTC.`,
};

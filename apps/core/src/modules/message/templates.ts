import type { Locale } from '@prism/domain';

/** System message kinds and what each says, in every language. Parameters are already formatted strings. */
export type MessageKind =
  | 'recharge_credited'
  | 'deposit_credited'
  | 'deposit_below_minimum'
  | 'withdraw_requested'
  | 'withdraw_approved'
  | 'withdraw_rejected';

type Params = Record<string, string>;
type Template = { title: string; content: (p: Params) => string };

const en: Record<MessageKind, Template> = {
  recharge_credited: {
    title: 'Recharge received',
    content: (p) => `${p.amount} ${p.currency} has been added to your balance (order ${p.orderNo}).`,
  },
  deposit_credited: { title: 'Deposit received', content: (p) => `${p.amount} USDT on ${p.network} has been added to your balance.` },
  deposit_below_minimum: {
    title: 'Deposit below the minimum',
    content: (p) => `A deposit of ${p.amount} USDT on ${p.network} is below the 1 USDT minimum and was not credited.`,
  },
  withdraw_requested: {
    title: 'Withdrawal requested',
    content: (p) => `Your withdrawal ${p.orderNo} of ${p.amount} ${p.currency} is being reviewed.`,
  },
  withdraw_approved: {
    title: 'Withdrawal successful',
    content: (p) =>
      `Your withdrawal ${p.orderNo} of ${p.amount} ${p.currency} was approved: ${p.receive} ${p.currency} is on its way (fee ${p.fee}).`,
  },
  withdraw_rejected: {
    title: 'Withdrawal rejected',
    content: (p) =>
      `Your withdrawal ${p.orderNo} of ${p.amount} ${p.currency} was rejected and refunded to your balance. Reason: ${p.reason}`,
  },
};

const zhTW: Record<MessageKind, Template> = {
  recharge_credited: { title: '儲值已到帳', content: (p) => `${p.amount} ${p.currency} 已加入您的餘額（訂單 ${p.orderNo}）。` },
  deposit_credited: { title: '充值已到帳', content: (p) => `${p.network} 上的 ${p.amount} USDT 已加入您的餘額。` },
  deposit_below_minimum: {
    title: '充值低於最低金額',
    content: (p) => `${p.network} 上 ${p.amount} USDT 的充值低於 1 USDT 最低金額，未入帳。`,
  },
  withdraw_requested: { title: '提領申請已提交', content: (p) => `您的提領 ${p.orderNo}（${p.amount} ${p.currency}）正在審核中。` },
  withdraw_approved: {
    title: '提領成功',
    content: (p) => `您的提領 ${p.orderNo}（${p.amount} ${p.currency}）已核准，${p.receive} ${p.currency} 正在匯出（手續費 ${p.fee}）。`,
  },
  withdraw_rejected: {
    title: '提領被拒絕',
    content: (p) => `您的提領 ${p.orderNo}（${p.amount} ${p.currency}）已被拒絕並退回餘額。原因：${p.reason}`,
  },
};

const vi: Record<MessageKind, Template> = {
  recharge_credited: { title: 'Đã nhận tiền nạp', content: (p) => `${p.amount} ${p.currency} đã được cộng vào số dư (đơn ${p.orderNo}).` },
  deposit_credited: { title: 'Đã nhận tiền gửi', content: (p) => `${p.amount} USDT trên ${p.network} đã được cộng vào số dư.` },
  deposit_below_minimum: {
    title: 'Khoản gửi dưới mức tối thiểu',
    content: (p) => `Khoản gửi ${p.amount} USDT trên ${p.network} dưới mức tối thiểu 1 USDT nên không được cộng.`,
  },
  withdraw_requested: {
    title: 'Đã gửi yêu cầu rút tiền',
    content: (p) => `Yêu cầu rút ${p.orderNo} số tiền ${p.amount} ${p.currency} đang được xem xét.`,
  },
  withdraw_approved: {
    title: 'Rút tiền thành công',
    content: (p) =>
      `Yêu cầu rút ${p.orderNo} số tiền ${p.amount} ${p.currency} đã được duyệt: ${p.receive} ${p.currency} đang được chuyển (phí ${p.fee}).`,
  },
  withdraw_rejected: {
    title: 'Yêu cầu rút tiền bị từ chối',
    content: (p) => `Yêu cầu rút ${p.orderNo} số tiền ${p.amount} ${p.currency} bị từ chối và đã hoàn vào số dư. Lý do: ${p.reason}`,
  },
};

const fa: Record<MessageKind, Template> = {
  recharge_credited: { title: 'شارژ دریافت شد', content: (p) => `${p.amount} ${p.currency} به موجودی شما اضافه شد (سفارش ${p.orderNo}).` },
  deposit_credited: { title: 'واریز دریافت شد', content: (p) => `${p.amount} USDT در شبکه ${p.network} به موجودی شما اضافه شد.` },
  deposit_below_minimum: {
    title: 'واریز کمتر از حداقل',
    content: (p) => `واریز ${p.amount} USDT در شبکه ${p.network} کمتر از حداقل ۱ USDT است و اعمال نشد.`,
  },
  withdraw_requested: {
    title: 'درخواست برداشت ثبت شد',
    content: (p) => `برداشت ${p.orderNo} به مبلغ ${p.amount} ${p.currency} در حال بررسی است.`,
  },
  withdraw_approved: {
    title: 'برداشت موفق',
    content: (p) =>
      `برداشت ${p.orderNo} به مبلغ ${p.amount} ${p.currency} تأیید شد: ${p.receive} ${p.currency} در راه است (کارمزد ${p.fee}).`,
  },
  withdraw_rejected: {
    title: 'برداشت رد شد',
    content: (p) => `برداشت ${p.orderNo} به مبلغ ${p.amount} ${p.currency} رد شد و به موجودی شما بازگشت. دلیل: ${p.reason}`,
  },
};

const ar: Record<MessageKind, Template> = {
  recharge_credited: { title: 'تم استلام الشحن', content: (p) => `تمت إضافة ${p.amount} ${p.currency} إلى رصيدك (الطلب ${p.orderNo}).` },
  deposit_credited: { title: 'تم استلام الإيداع', content: (p) => `تمت إضافة ${p.amount} USDT على شبكة ${p.network} إلى رصيدك.` },
  deposit_below_minimum: {
    title: 'إيداع أقل من الحد الأدنى',
    content: (p) => `إيداع ${p.amount} USDT على شبكة ${p.network} أقل من الحد الأدنى 1 USDT ولم يُضف.`,
  },
  withdraw_requested: { title: 'تم طلب السحب', content: (p) => `طلب السحب ${p.orderNo} بمبلغ ${p.amount} ${p.currency} قيد المراجعة.` },
  withdraw_approved: {
    title: 'تم السحب بنجاح',
    content: (p) =>
      `تمت الموافقة على السحب ${p.orderNo} بمبلغ ${p.amount} ${p.currency}: ${p.receive} ${p.currency} في الطريق إليك (الرسوم ${p.fee}).`,
  },
  withdraw_rejected: {
    title: 'تم رفض السحب',
    content: (p) => `تم رفض السحب ${p.orderNo} بمبلغ ${p.amount} ${p.currency} وإعادته إلى رصيدك. السبب: ${p.reason}`,
  },
};

const templates: Record<Locale, Record<MessageKind, Template>> = { 'en-US': en, 'zh-TW': zhTW, vi, fa, ar };

export function renderMessage(kind: string, params: Params, locale: Locale): { title: string; content: string } {
  const template = templates[locale][kind as MessageKind] ?? en[kind as MessageKind];
  if (!template) return { title: kind, content: '' };
  return { title: template.title, content: template.content(params) };
}

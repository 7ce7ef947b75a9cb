import { isolate, type Locale } from '@prism/domain';

/** System message kinds and what each says, in every language. Parameters are already formatted strings. */
export type MessageKind =
  | 'recharge_credited'
  | 'deposit_credited'
  | 'deposit_below_minimum'
  | 'withdraw_requested'
  | 'withdraw_approved'
  | 'withdraw_rejected'
  | 'rebate_paid'
  | 'reward_sign_in'
  | 'reward_gift_code'
  | 'reward_level_task'
  | 'broadcast';

type Params = Record<string, string>;

/**
 * A value inside a right-to-left (fa, ar) sentence, isolated (U+2068 ... U+2069) so that an
 * amount keeps its sign in front and its coin after it, and an order number or an operator's
 * Latin reason does not pull the punctuation around it out of place.
 */
const iso = (...parts: (string | undefined)[]) => isolate(parts.join(' '));
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
  rebate_paid: {
    title: 'Team rebate received',
    content: (p) => `Your ${p.kindLabel} rebate for ${p.period}: ${p.amount} ${p.asset} has been added to your balance.`,
  },
  reward_sign_in: {
    title: 'Sign-in reward',
    content: (p) => `Day ${p.day} sign-in: ${p.amount} ${p.asset} has been added to your balance.`,
  },
  reward_gift_code: {
    title: 'Gift code redeemed',
    content: (p) => `Gift code ${p.code}: ${p.amount} ${p.asset} has been added to your balance.`,
  },
  reward_level_task: {
    title: 'Level reward collected',
    content: (p) => `Level ${p.level} task reward: ${p.amount} ${p.asset} has been added to your balance.`,
  },
  broadcast: { title: '', content: (p) => p.text ?? '' },
};

const zhTW: Record<MessageKind, Template> = {
  recharge_credited: { title: '儲值已到帳', content: (p) => `${p.amount} ${p.currency} 已加入您的餘額（訂單 ${p.orderNo}）。` },
  deposit_credited: { title: '儲值已到帳', content: (p) => `${p.network} 上的 ${p.amount} USDT 已加入您的餘額。` },
  deposit_below_minimum: {
    title: '儲值低於最低金額',
    content: (p) => `${p.network} 上 ${p.amount} USDT 的儲值低於 1 USDT 最低金額，未入帳。`,
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
  rebate_paid: { title: '團隊返佣已到帳', content: (p) => `您 ${p.period} 的${p.kindLabel}返佣 ${p.amount} ${p.asset} 已加入您的餘額。` },
  reward_sign_in: { title: '簽到獎勵', content: (p) => `第 ${p.day} 天簽到：${p.amount} ${p.asset} 已加入您的餘額。` },
  reward_gift_code: { title: '禮品碼已兌換', content: (p) => `禮品碼 ${p.code}：${p.amount} ${p.asset} 已加入您的餘額。` },
  reward_level_task: { title: '等級獎勵已領取', content: (p) => `等級 ${p.level} 任務獎勵：${p.amount} ${p.asset} 已加入您的餘額。` },
  broadcast: { title: '', content: (p) => p.text ?? '' },
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
  rebate_paid: {
    title: 'Đã nhận hoa hồng đội nhóm',
    content: (p) => `Hoa hồng ${p.kindLabel} ngày ${p.period}: ${p.amount} ${p.asset} đã được cộng vào số dư.`,
  },
  reward_sign_in: { title: 'Thưởng điểm danh', content: (p) => `Điểm danh ngày ${p.day}: ${p.amount} ${p.asset} đã được cộng vào số dư.` },
  reward_gift_code: {
    title: 'Đã đổi mã quà tặng',
    content: (p) => `Mã quà tặng ${p.code}: ${p.amount} ${p.asset} đã được cộng vào số dư.`,
  },
  reward_level_task: {
    title: 'Đã nhận thưởng cấp độ',
    content: (p) => `Thưởng nhiệm vụ cấp ${p.level}: ${p.amount} ${p.asset} đã được cộng vào số dư.`,
  },
  broadcast: { title: '', content: (p) => p.text ?? '' },
};

const fa: Record<MessageKind, Template> = {
  recharge_credited: {
    title: 'شارژ دریافت شد',
    content: (p) => `${iso(p.amount, p.currency)} به موجودی شما اضافه شد (سفارش ${iso(p.orderNo)}).`,
  },
  deposit_credited: {
    title: 'واریز دریافت شد',
    content: (p) => `${iso(p.amount, 'USDT')} در شبکه ${iso(p.network)} به موجودی شما اضافه شد.`,
  },
  deposit_below_minimum: {
    title: 'واریز کمتر از حداقل',
    content: (p) => `واریز ${iso(p.amount, 'USDT')} در شبکه ${iso(p.network)} کمتر از حداقل ${iso('۱ USDT')} است و اعمال نشد.`,
  },
  withdraw_requested: {
    title: 'درخواست برداشت ثبت شد',
    content: (p) => `برداشت ${iso(p.orderNo)} به مبلغ ${iso(p.amount, p.currency)} در حال بررسی است.`,
  },
  withdraw_approved: {
    title: 'برداشت موفق',
    content: (p) =>
      `برداشت ${iso(p.orderNo)} به مبلغ ${iso(p.amount, p.currency)} تأیید شد: ${iso(p.receive, p.currency)} در راه است (کارمزد ${iso(p.fee)}).`,
  },
  withdraw_rejected: {
    title: 'برداشت رد شد',
    content: (p) => `برداشت ${iso(p.orderNo)} به مبلغ ${iso(p.amount, p.currency)} رد شد و به موجودی شما بازگشت. دلیل: ${iso(p.reason)}`,
  },
  rebate_paid: {
    title: 'پاداش تیمی دریافت شد',
    content: (p) => `پاداش ${p.kindLabel} برای ${iso(p.period)}: ${iso(p.amount, p.asset)} به موجودی شما اضافه شد.`,
  },
  reward_sign_in: {
    title: 'جایزه حضور روزانه',
    content: (p) => `حضور روز ${iso(p.day)}: ${iso(p.amount, p.asset)} به موجودی شما اضافه شد.`,
  },
  reward_gift_code: {
    title: 'کد هدیه استفاده شد',
    content: (p) => `کد هدیه ${iso(p.code)}: ${iso(p.amount, p.asset)} به موجودی شما اضافه شد.`,
  },
  reward_level_task: {
    title: 'جایزه سطح دریافت شد',
    content: (p) => `جایزه وظیفه سطح ${iso(p.level)}: ${iso(p.amount, p.asset)} به موجودی شما اضافه شد.`,
  },
  broadcast: { title: '', content: (p) => p.text ?? '' },
};

const ar: Record<MessageKind, Template> = {
  recharge_credited: {
    title: 'تم استلام الشحن',
    content: (p) => `تمت إضافة ${iso(p.amount, p.currency)} إلى رصيدك (الطلب ${iso(p.orderNo)}).`,
  },
  deposit_credited: {
    title: 'تم استلام الإيداع',
    content: (p) => `تمت إضافة ${iso(p.amount, 'USDT')} على شبكة ${iso(p.network)} إلى رصيدك.`,
  },
  deposit_below_minimum: {
    title: 'إيداع أقل من الحد الأدنى',
    content: (p) => `إيداع ${iso(p.amount, 'USDT')} على شبكة ${iso(p.network)} أقل من الحد الأدنى ${iso('1 USDT')} ولم يُضف.`,
  },
  withdraw_requested: {
    title: 'تم طلب السحب',
    content: (p) => `طلب السحب ${iso(p.orderNo)} بمبلغ ${iso(p.amount, p.currency)} قيد المراجعة.`,
  },
  withdraw_approved: {
    title: 'تم السحب بنجاح',
    content: (p) =>
      `تمت الموافقة على السحب ${iso(p.orderNo)} بمبلغ ${iso(p.amount, p.currency)}: ${iso(p.receive, p.currency)} في الطريق إليك (الرسوم ${iso(p.fee)}).`,
  },
  withdraw_rejected: {
    title: 'تم رفض السحب',
    content: (p) => `تم رفض السحب ${iso(p.orderNo)} بمبلغ ${iso(p.amount, p.currency)} وإعادته إلى رصيدك. السبب: ${iso(p.reason)}`,
  },
  rebate_paid: {
    title: 'تم استلام عمولة الفريق',
    content: (p) => `عمولة ${p.kindLabel} ليوم ${iso(p.period)}: تمت إضافة ${iso(p.amount, p.asset)} إلى رصيدك.`,
  },
  reward_sign_in: {
    title: 'مكافأة تسجيل الحضور',
    content: (p) => `حضور اليوم ${iso(p.day)}: تمت إضافة ${iso(p.amount, p.asset)} إلى رصيدك.`,
  },
  reward_gift_code: {
    title: 'تم استبدال رمز الهدية',
    content: (p) => `رمز الهدية ${iso(p.code)}: تمت إضافة ${iso(p.amount, p.asset)} إلى رصيدك.`,
  },
  reward_level_task: {
    title: 'تم استلام مكافأة المستوى',
    content: (p) => `مكافأة مهمة المستوى ${iso(p.level)}: تمت إضافة ${iso(p.amount, p.asset)} إلى رصيدك.`,
  },
  broadcast: { title: '', content: (p) => p.text ?? '' },
};

const templates: Record<Locale, Record<MessageKind, Template>> = { 'en-US': en, 'zh-TW': zhTW, vi, fa, ar };

/** The rebate kinds' names inside rebate_paid, per language. */
const rebateKindLabels: Record<Locale, Record<string, string>> = {
  'en-US': { bet: 'bet', recharge: 'recharge', register: 'register' },
  'zh-TW': { bet: '投注', recharge: '儲值', register: '註冊' },
  vi: { bet: 'cược', recharge: 'nạp tiền', register: 'đăng ký' },
  fa: { bet: 'شرط', recharge: 'شارژ', register: 'ثبت‌نام' },
  ar: { bet: 'الرهان', recharge: 'الشحن', register: 'التسجيل' },
};

export function renderMessage(kind: string, params: Params, locale: Locale): { title: string; content: string } {
  const template = templates[locale][kind as MessageKind] ?? en[kind as MessageKind];
  if (!template) return { title: kind, content: '' };
  // A broadcast is the operator's own words, the same in every language.
  if (kind === 'broadcast') return { title: params.title ?? '', content: params.text ?? '' };
  const kindLabel = params.kind ? (rebateKindLabels[locale][params.kind] ?? params.kind) : '';
  return { title: template.title, content: template.content({ ...params, kindLabel }) };
}

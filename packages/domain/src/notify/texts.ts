import { type Locale, resolveLocale } from '../locales';
import type { IncomeSummaryLine } from './income';

/** The bot messages of the topics (core writes them in the account's language), in the five languages. */
export interface NotifyTexts {
  /** Heading of a settled session's result: the room and period. */
  resultTitle: (room: string, period: string) => string;
  /** One coin's line: bets, staked, paid, net. */
  resultLine: (l: { asset: string; bets: number; staked: string; paid: string; net: string }) => string;
  incomeTitle: (day: string) => string;
  incomeLine: (l: IncomeSummaryLine) => string;
  reminder: string;
  /** Under every topic message: how to change what arrives. */
  footer: string;
}

const texts: Record<Locale, NotifyTexts> = {
  'en-US': {
    resultTitle: (room, period) => `Results of ${room}, period ${period}`,
    resultLine: (l) => `${l.asset}: ${l.bets} bets, staked ${l.staked}, paid ${l.paid}, net ${l.net}`,
    incomeTitle: (day) => `Your rebates and income for ${day}`,
    incomeLine: (l) => `${l.asset}: rebates ${l.rebates}, daily income ${l.income}, total ${l.total}`,
    reminder: "You have not signed in today yet: open the app to keep your streak and collect today's reward.",
    footer: 'Choose what you receive: /settings',
  },
  'zh-TW': {
    resultTitle: (room, period) => `${room} 第 ${period} 期結果`,
    resultLine: (l) => `${l.asset}：下注 ${l.bets} 筆，投注 ${l.staked}，派彩 ${l.paid}，淨額 ${l.net}`,
    incomeTitle: (day) => `您 ${day} 的返佣與收益`,
    incomeLine: (l) => `${l.asset}：返佣 ${l.rebates}，每日收益 ${l.income}，合計 ${l.total}`,
    reminder: '您今天還沒有簽到：開啟應用即可保持連續簽到並領取今日獎勵。',
    footer: '選擇您要接收的通知：/settings',
  },
  vi: {
    resultTitle: (room, period) => `Kết quả ${room}, kỳ ${period}`,
    resultLine: (l) => `${l.asset}: ${l.bets} lượt cược, đặt ${l.staked}, trả ${l.paid}, ròng ${l.net}`,
    incomeTitle: (day) => `Hoa hồng và thu nhập của bạn ngày ${day}`,
    incomeLine: (l) => `${l.asset}: hoa hồng ${l.rebates}, thu nhập hằng ngày ${l.income}, tổng ${l.total}`,
    reminder: 'Hôm nay bạn chưa điểm danh: hãy mở ứng dụng để giữ chuỗi ngày và nhận thưởng hôm nay.',
    footer: 'Chọn thông báo bạn muốn nhận: /settings',
  },
  fa: {
    resultTitle: (room, period) => `نتایج ${room}، دوره ${period}`,
    resultLine: (l) => `${l.asset}: ${l.bets} شرط، مبلغ شرط ${l.staked}، پرداختی ${l.paid}، خالص ${l.net}`,
    incomeTitle: (day) => `پورسانت‌ها و درآمد شما در ${day}`,
    incomeLine: (l) => `${l.asset}: پورسانت ${l.rebates}، درآمد روزانه ${l.income}، جمع ${l.total}`,
    reminder: 'امروز هنوز حضور خود را ثبت نکرده‌اید: برنامه را باز کنید تا زنجیره روزها حفظ شود و جایزه امروز را بگیرید.',
    footer: 'انتخاب کنید چه پیام‌هایی دریافت کنید: /settings',
  },
  ar: {
    resultTitle: (room, period) => `نتائج ${room}، الجولة ${period}`,
    resultLine: (l) => `${l.asset}: ${l.bets} رهانات، المبلغ المراهن ${l.staked}، المدفوع ${l.paid}، الصافي ${l.net}`,
    incomeTitle: (day) => `عمولاتك ودخلك ليوم ${day}`,
    incomeLine: (l) => `${l.asset}: العمولات ${l.rebates}، الدخل اليومي ${l.income}، المجموع ${l.total}`,
    reminder: 'لم تسجّل حضورك اليوم بعد: افتح التطبيق للحفاظ على سلسلة أيامك والحصول على مكافأة اليوم.',
    footer: 'اختر ما تتلقاه من رسائل: /settings',
  },
};

export function notifyTexts(locale: string | null | undefined): NotifyTexts {
  return texts[resolveLocale(locale)];
}

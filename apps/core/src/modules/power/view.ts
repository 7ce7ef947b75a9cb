import {
  type Asset,
  formatBps,
  formatMoney,
  type PowerHolding,
  type PowerKind,
  type PowerRecord,
  type PowerRecordType,
  type PowerSession,
  powerDailyFee,
  powerDailyIncome,
  powerTermIncome,
} from '@prism/domain';
import type { powerHoldings, powerRecords, powerSessions } from './schema';

/** How the wire shows a package, a holding and a record (no queries here). */

type SessionRow = typeof powerSessions.$inferSelect;
type HoldingRow = typeof powerHoldings.$inferSelect;
type RecordRow = typeof powerRecords.$inferSelect;

const FEE_ANY_BALANCE = 10n ** 15n;

export function sessionView(row: SessionRow, boughtToday: number): PowerSession {
  return {
    id: row.id,
    cateId: row.cateId,
    cateName: row.cateName,
    name: row.name,
    coin: row.coin as Asset,
    price: formatMoney(row.price),
    power: formatMoney(row.power),
    termDays: row.termDays,
    dailyRate: formatBps(row.dailyRateBps),
    dailyRateBps: row.dailyRateBps,
    dailyIncome: formatMoney(powerDailyIncome(row.power, row.dailyRateBps)),
    totalIncome: formatMoney(powerTermIncome(row.power, row.dailyRateBps, row.termDays)),
    feeRate: formatBps(row.feeBps),
    dailyFee: formatMoney(powerDailyFee(row.power, row.feeBps, FEE_ANY_BALANCE)),
    dailyLimit: row.dailyLimit,
    boughtToday,
  };
}

export function holdingView(row: HoldingRow, paid: { income: bigint; fee: bigint }): PowerHolding {
  return {
    id: row.id,
    sessionId: row.sessionId,
    name: row.name,
    kind: row.kind as PowerKind,
    coin: row.coin as Asset,
    price: formatMoney(row.price),
    power: formatMoney(row.power),
    dailyRate: formatBps(row.dailyRateBps),
    dailyIncome: formatMoney(powerDailyIncome(row.power, row.dailyRateBps)),
    feeRate: formatBps(row.feeBps),
    startDay: row.startDay,
    endDay: row.endDay,
    status: row.maturedAt ? 'matured' : 'active',
    incomeTotal: formatMoney(paid.income),
    feeTotal: formatMoney(paid.fee),
    createDateTime: row.createdAt.toISOString(),
  };
}

/** English descriptions; the web shows its own translation of `powerType`. */
const RECORD_DESC: Record<PowerRecordType, string> = {
  buy: 'Power purchased',
  gift_in: 'Gift power received',
  gift_out: 'Gift power given',
  maturity: 'Power matured',
};

export function recordView(row: RecordRow): PowerRecord {
  const type = row.type as PowerRecordType;
  const sign = row.amount > 0n ? '+' : '';
  return {
    id: row.id,
    powerType: type,
    powerTypeDesc: RECORD_DESC[type],
    incrAmount: `${sign}${formatMoney(row.amount)}`,
    counterparty: row.counterparty,
    createDateTime: row.createdAt.toISOString(),
  };
}

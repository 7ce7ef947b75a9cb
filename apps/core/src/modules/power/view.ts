import {
  type Asset,
  formatBasisPoints,
  formatBps,
  formatMoney,
  formatSignedMoney,
  type PowerHolding,
  type PowerKind,
  type PowerRecord,
  type PowerRecordType,
  type PowerSession,
  powerDailyFee,
  powerDailyIncome,
  powerNetReturn,
  powerRecordDirection,
  powerTermIncome,
  signFor,
} from '@prism/domain';
import type { powerHoldings, powerRecords, powerSessions } from './schema';

/** How the wire shows a package, a holding and a record (no queries here). */

type SessionRow = typeof powerSessions.$inferSelect;
type HoldingRow = typeof powerHoldings.$inferSelect;
type RecordRow = typeof powerRecords.$inferSelect;

const FEE_ANY_BALANCE = 10n ** 15n;

/** The package's return net of its fees (domain powerNetReturn): what it shows, and what the operator is warned about. */
export function sessionNetReturn(row: Pick<SessionRow, 'price' | 'power' | 'dailyRateBps' | 'feeBps' | 'termDays'>) {
  return powerNetReturn(row.price, { power: row.power, dailyRateBps: row.dailyRateBps, feeBps: row.feeBps, termDays: row.termDays });
}

export function sessionView(row: SessionRow, boughtToday: number): PowerSession {
  const net = sessionNetReturn(row);
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
    netReturn: formatMoney(net.amount),
    netReturnRate: formatBasisPoints(net.rateBp),
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
  // The direction comes from the record's kind (a gift given is stored with the power it bought).
  const signed = signFor(powerRecordDirection(type), row.amount);
  return {
    id: row.id,
    powerType: type,
    powerTypeDesc: RECORD_DESC[type],
    incrAmount: formatSignedMoney(signed),
    counterparty: row.counterparty,
    createDateTime: row.createdAt.toISOString(),
  };
}

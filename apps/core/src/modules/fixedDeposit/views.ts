import {
  type Asset,
  type DepositProduct,
  depositDailyInterest,
  depositNetReturn,
  type FixedDeposit,
  formatBasisPoints,
  formatMoney,
} from '@prism/domain';
import type { depositProducts, fixedDeposits } from './schema';

export type ProductRow = typeof depositProducts.$inferSelect;
type DepositRow = typeof fixedDeposits.$inferSelect;

export function toDepositProductView(row: ProductRow): DepositProduct {
  const net = depositNetReturn(row.minAmount, { annualRateBp: row.annualRateBp, days: row.days });
  return {
    id: row.id,
    name: row.name,
    coin: row.coin as Asset,
    days: row.days,
    annualRate: formatBasisPoints(row.annualRateBp),
    minAmount: formatMoney(row.minAmount),
    netReturn: formatMoney(net.amount),
    netReturnRate: formatBasisPoints(net.rateBp),
  };
}

export function toDepositView(row: DepositRow): FixedDeposit {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    coin: row.coin as Asset,
    days: row.days,
    annualRate: formatBasisPoints(row.annualRateBp),
    principal: formatMoney(row.principal),
    originalAmount: formatMoney(row.originalAmount),
    transferredOut: formatMoney(row.status === 'matured' ? 0n : row.originalAmount - row.principal),
    interest: formatMoney(row.interestPaid),
    dailyInterest: formatMoney(row.status === 'holding' ? depositDailyInterest(row.principal, row.annualRateBp) : 0n),
    status: row.status as FixedDeposit['status'],
    createDateTime: row.createdAt.toISOString(),
    endDateTime: row.endsAt.toISOString(),
  };
}

import {
  ADVISOR_MANAGEMENT_FEE_BP,
  type AdvisorOrder,
  type AdvisorProduct,
  AppError,
  type Asset,
  advisorManagementFee,
  advisorNetReturn,
  advisorQuote,
  formatBasisPoints,
  formatMoney,
  type NegativeReturnWarning,
  negativeReturnWarnings,
} from '@prism/domain';
import type { advisorOrders, advisorProducts } from './schema';

export type ProductRow = typeof advisorProducts.$inferSelect;
type OrderRow = typeof advisorOrders.$inferSelect;

export const termsOf = (row: { dailyRateBp: number; days: number; giftRateBp: number }) => ({
  dailyRateBp: row.dailyRateBp,
  days: row.days,
  giftRateBp: row.giftRateBp,
});

/** A product as users see it: the figures are those of an order at the product's price (its minimum). */
export function toProductView(row: ProductRow): AdvisorProduct {
  const quote = advisorQuote(row.price, termsOf(row));
  const net = advisorNetReturn(row.price, termsOf(row));
  return {
    id: row.id,
    advisorName: row.advisorName,
    avatarUrl: row.avatarUrl,
    coin: row.coin as Asset,
    price: formatMoney(row.price),
    days: row.days,
    dailyRate: formatBasisPoints(row.dailyRateBp),
    dailyEarnings: formatMoney(quote.dailyEarning),
    totalReturn: formatMoney(quote.totalReturn),
    totalReturnRate: formatBasisPoints(quote.totalReturnRateBp),
    giftRate: formatBasisPoints(row.giftRateBp),
    managementFeeRate: formatBasisPoints(ADVISOR_MANAGEMENT_FEE_BP),
    netReturn: formatMoney(net.amount),
    netReturnRate: formatBasisPoints(net.rateBp),
    availableUntil: row.availableUntil?.toISOString() ?? null,
  };
}

/** A product's warning for the operator when its net return is negative. */
export function productWarnings(row: ProductRow): NegativeReturnWarning[] {
  return negativeReturnWarnings({ product: 'advisor', id: row.id, name: row.advisorName }, advisorNetReturn(row.price, termsOf(row)));
}

export function toOrderView(row: OrderRow): AdvisorOrder {
  const quote = advisorQuote(row.stakingAmount, { dailyRateBp: row.dailyRateBp, days: row.days, giftRateBp: 0 });
  const fee = row.status === 'matured' ? row.feeAmount : advisorManagementFee(row.stakingAmount, row.feeRateBp);
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    blogger: row.blogger,
    coin: row.coin as Asset,
    stakingAmount: formatMoney(row.stakingAmount),
    giftAmount: formatMoney(row.giftAmount),
    incomeAmount: formatMoney(row.incomeAmount),
    dailyEarnings: formatMoney(quote.dailyEarning),
    days: row.days,
    managementFee: formatMoney(fee),
    maturityAmount: formatMoney(row.stakingAmount - fee),
    status: row.status as AdvisorOrder['status'],
    createDateTime: row.createdAt.toISOString(),
    deadline: row.deadline.toISOString(),
  };
}

/** Orders are taken while the product is enabled and before its end. */
export function refuseUnavailable(row: ProductRow | undefined, now: Date): ProductRow {
  if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
  if (!row.enabled || (row.availableUntil && row.availableUntil.getTime() <= now.getTime())) throw new AppError('INVEST_PRODUCT_EXPIRED');
  return row;
}

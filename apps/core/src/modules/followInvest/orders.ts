import {
  ADVISOR_MANAGEMENT_FEE_BP,
  type AdvisorOrder,
  type AdvisorProduct,
  type AdvisorQuoteView,
  type Asset,
  advisorQuote,
  formatBasisPoints,
  formatMoney,
  type Money,
} from '@prism/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { holdingTerm, refuseBelowMinimum, refuseOpening } from '../holding';
import { type TransferInput, transferBatch } from '../ledger';
import { advisorOrders, advisorProducts } from './schema';
import { type ProductRow, refuseUnavailable, termsOf, toOrderView, toProductView } from './views';

async function productOf(executor: Executor, productId: number): Promise<ProductRow | undefined> {
  const [row] = await executor.select().from(advisorProducts).where(eq(advisorProducts.id, productId));
  return row;
}

/** Products on offer at `now`, in the operator's order. */
export async function productsOnOffer(db: Database, now: Date): Promise<AdvisorProduct[]> {
  const rows = await db
    .select()
    .from(advisorProducts)
    .where(
      and(
        eq(advisorProducts.enabled, true),
        sql`(${advisorProducts.availableUntil} is null or ${advisorProducts.availableUntil} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(advisorProducts.sort), asc(advisorProducts.id));
  return rows.map(toProductView);
}

/** What an order of `amount` earns a day, in all, the fee and the maturity amount: shown before the order. */
export async function quoteOrder(db: Database, input: { productId: number; amount: Money; now: Date; zone: () => Promise<string> }) {
  const { productId, amount, now } = input;
  const product = refuseUnavailable(await productOf(db, productId), now);
  refuseBelowMinimum(amount, product.price);
  const quote = advisorQuote(amount, termsOf(product));
  const { startDay, end } = holdingTerm(product.days, now, await input.zone(), 'today');
  const view: AdvisorQuoteView = {
    productId,
    stakingAmount: formatMoney(amount),
    dailyEarnings: formatMoney(quote.dailyEarning),
    totalReturn: formatMoney(quote.totalReturn),
    totalReturnRate: formatBasisPoints(quote.totalReturnRateBp),
    giftAmount: formatMoney(quote.giftAmount),
    managementFee: formatMoney(quote.managementFee),
    maturityAmount: formatMoney(quote.maturityAmount),
    startDay,
    deadline: end.toISOString(),
  };
  return view;
}

/** The stake leaves the balance as a 'power' transfer (team stats count it as staking); the gift arrives from 'rewards'. */
function orderMoves(userId: number, order: { id: number; coin: string }, stake: Money, gift: Money): TransferInput[] {
  const asset = order.coin as Asset;
  const reference = `advisor:${order.id}`;
  const moves: TransferInput[] = [
    { asset, from: { userId }, to: { system: 'advisor_stakes' }, amount: stake, type: 'power', reference, meta: { kind: 'advisor' } },
  ];
  if (gift > 0n) {
    moves.push({
      asset,
      from: { system: 'rewards' },
      to: { userId },
      amount: gift,
      type: 'reward',
      reference,
      meta: { kind: 'advisor_gift' },
    });
  }
  return moves;
}

/**
 * Places an order inside the caller's (idempotent) transaction; `zone` is read
 * before it opens. Insufficient balance changes nothing.
 */
export async function placeOrder(
  tx: Executor,
  now: Date,
  { userId, input, zone }: { userId: number; input: { productId: number; amount: Money }; zone: string },
): Promise<AdvisorOrder> {
  const product = refuseUnavailable(await productOf(tx, input.productId), now);
  await refuseOpening(tx, userId, input.amount, product.price, now);
  const quote = advisorQuote(input.amount, termsOf(product));
  const { startDay, endDay, end } = holdingTerm(product.days, now, zone, 'today');
  const [order] = await tx
    .insert(advisorOrders)
    .values({
      userId,
      productId: product.id,
      blogger: product.advisorName,
      coin: product.coin,
      stakingAmount: input.amount,
      giftAmount: quote.giftAmount,
      dailyRateBp: product.dailyRateBp,
      days: product.days,
      feeRateBp: ADVISOR_MANAGEMENT_FEE_BP,
      startDay,
      endDay,
      deadline: end,
      createdAt: now,
    })
    .returning();
  if (!order) throw new Error('follow-invest order insert returned nothing');
  await transferBatch(tx, orderMoves(userId, order, input.amount, quote.giftAmount), now);
  return toOrderView(order);
}

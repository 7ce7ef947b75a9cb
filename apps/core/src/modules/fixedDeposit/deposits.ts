import {
  AppError,
  type Asset,
  type DepositProduct,
  type DepositQuoteView,
  depositQuote,
  type FixedDeposit,
  formatMoney,
  type Money,
  type TransferOutResult,
} from '@prism/domain';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { holdingTerm, refuseBelowMinimum, refuseOpening } from '../holding';
import { transfer } from '../ledger';
import { depositProducts, fixedDeposits, fixedDepositTransfers } from './schema';
import { type ProductRow, toDepositProductView, toDepositView } from './views';

async function productOf(executor: Executor, productId: number): Promise<ProductRow> {
  const [row] = await executor.select().from(depositProducts).where(eq(depositProducts.id, productId));
  if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
  if (!row.enabled) throw new AppError('INVEST_PRODUCT_EXPIRED');
  return row;
}

/** The terms on offer, in the operator's order. */
export async function productsOnOffer(db: Database): Promise<{ products: DepositProduct[] }> {
  const rows = await db
    .select()
    .from(depositProducts)
    .where(eq(depositProducts.enabled, true))
    .orderBy(asc(depositProducts.sort), asc(depositProducts.id));
  return { products: rows.map(toDepositProductView) };
}

/** What a deposit of `amount` earns a day and in all, from when to when: shown before opening. */
export async function quoteDeposit(
  db: Database,
  input: { productId: number; amount: Money; now: Date; zone: () => Promise<string> },
): Promise<DepositQuoteView> {
  const { productId, amount } = input;
  const product = await productOf(db, productId);
  refuseBelowMinimum(amount, product.minAmount);
  const quote = depositQuote(amount, { annualRateBp: product.annualRateBp, days: product.days });
  const { startDay, end } = holdingTerm(product.days, input.now, await input.zone(), 'tomorrow');
  return {
    productId,
    amount: formatMoney(amount),
    dailyInterest: formatMoney(quote.dailyInterest),
    expectedInterest: formatMoney(quote.expectedInterest),
    startDay,
    endDateTime: end.toISOString(),
  };
}

/** Opens a deposit inside the caller's (idempotent) transaction; `zone` is read before it opens. An insufficient balance changes nothing. */
export async function openDeposit(
  tx: Executor,
  now: Date,
  { userId, input, zone }: { userId: number; input: { productId: number; amount: Money }; zone: string },
): Promise<FixedDeposit> {
  const product = await productOf(tx, input.productId);
  await refuseOpening(tx, userId, input.amount, product.minAmount, now);
  const { startDay, endDay, end } = holdingTerm(product.days, now, zone, 'tomorrow');
  const [row] = await tx
    .insert(fixedDeposits)
    .values({
      userId,
      productId: product.id,
      name: product.name,
      coin: product.coin,
      principal: input.amount,
      originalAmount: input.amount,
      annualRateBp: product.annualRateBp,
      days: product.days,
      startDay,
      endDay,
      endsAt: end,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('fixed deposit insert returned nothing');
  const move = { from: { userId }, to: { system: 'fixed_deposits' as const }, meta: { kind: 'open' } };
  await transfer(
    tx,
    { ...move, asset: product.coin as Asset, amount: input.amount, type: 'fixed_deposit', reference: `fixed_deposit:${row.id}` },
    now,
  );
  return toDepositView(row);
}

/** Why a transfer-out from deposit `id` was refused: someone else's deposit reads as not found. */
async function refusal(tx: Executor, userId: number, id: number): Promise<AppError> {
  const [row] = await tx
    .select()
    .from(fixedDeposits)
    .where(and(eq(fixedDeposits.id, id), eq(fixedDeposits.userId, userId)));
  if (!row) return new AppError('DEPOSIT_NOT_FOUND');
  if (row.status !== 'holding') return new AppError('DEPOSIT_ENDED');
  return new AppError('TRANSFER_OUT_OVER_PRINCIPAL');
}

/**
 * Transfers `amount` out of the user's deposit: one conditional UPDATE takes
 * it (row-locked, only while holding and only up to the principal), so
 * concurrent transfer-outs can never take more than is held. The amount
 * stops earning from today (the interest step reads the transfer's time);
 * interest already paid is kept.
 */
export async function transferOut(
  tx: Executor,
  now: Date,
  { userId, input }: { userId: number; input: { id: number; amount: Money } },
): Promise<TransferOutResult> {
  const all = sql`${fixedDeposits.principal} = ${input.amount}`;
  const [row] = await tx
    .update(fixedDeposits)
    .set({
      principal: sql`${fixedDeposits.principal} - ${input.amount}`,
      status: sql`case when ${all} then 'closed' else ${fixedDeposits.status} end`,
      endedAt: sql`case when ${all} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(fixedDeposits.id, input.id),
        eq(fixedDeposits.userId, userId),
        eq(fixedDeposits.status, 'holding'),
        gte(fixedDeposits.principal, input.amount),
      ),
    )
    .returning();
  if (!row) throw await refusal(tx, userId, input.id);
  await tx.insert(fixedDepositTransfers).values({ depositId: row.id, userId, amount: input.amount, createdAt: now });
  const move = { from: { system: 'fixed_deposits' as const }, to: { userId }, meta: { kind: 'transfer_out' } };
  await transfer(
    tx,
    { ...move, asset: row.coin as Asset, amount: input.amount, type: 'fixed_deposit', reference: `fixed_deposit:${row.id}` },
    now,
  );
  return { deposit: toDepositView(row), amount: formatMoney(input.amount) };
}

import {
  AppError,
  type Asset,
  addDays,
  type DepositProduct,
  type DepositQuoteView,
  depositDailyInterest,
  depositNetReturn,
  depositQuote,
  type FixedDeposit,
  formatBasisPoints,
  formatMoney,
  localDate,
  localDayBounds,
  type Money,
  type Paged,
  type TransferOutResult,
} from '@prism/domain';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { transfer } from '../ledger';
import { refuseIfExcluded } from '../protection';
import { depositProducts, fixedDeposits, fixedDepositTransfers } from './schema';

type ProductRow = typeof depositProducts.$inferSelect;
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

function toDepositView(row: DepositRow): FixedDeposit {
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

/**
 * Fixed deposits: products (terms), the quote shown before opening, opening
 * (principal to 'fixed_deposits'), the user's holdings, and transfer-out
 * (partial allowed) which returns the amount and stops it earning. Interest
 * and term-end returns are the daily job's (steps.ts).
 */
export function createFixedDepositService({ db, clock, config }: { db: Database; clock: Clock; config: ConfigService }) {
  /** A deposit opened now earns from the next platform day (the first full one) for `days` days. */
  function termDays(days: number, now: Date, zone: string) {
    const startDay = addDays(localDate(now, zone), 1);
    const endDay = addDays(startDay, days - 1);
    return { startDay, endDay, endsAt: localDayBounds(endDay, zone).end };
  }

  async function productOf(executor: Executor, productId: number): Promise<ProductRow> {
    const [row] = await executor.select().from(depositProducts).where(eq(depositProducts.id, productId));
    if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
    if (!row.enabled) throw new AppError('INVEST_PRODUCT_EXPIRED');
    return row;
  }

  /** Why a transfer-out of `amount` from deposit `id` was refused: someone else's deposit reads as not found. */
  async function refusal(tx: Executor, userId: number, id: number): Promise<AppError> {
    const [row] = await tx
      .select()
      .from(fixedDeposits)
      .where(and(eq(fixedDeposits.id, id), eq(fixedDeposits.userId, userId)));
    if (!row) return new AppError('DEPOSIT_NOT_FOUND');
    if (row.status !== 'holding') return new AppError('DEPOSIT_ENDED');
    return new AppError('TRANSFER_OUT_OVER_PRINCIPAL');
  }

  return {
    async config(): Promise<{ products: DepositProduct[] }> {
      const rows = await db
        .select()
        .from(depositProducts)
        .where(eq(depositProducts.enabled, true))
        .orderBy(asc(depositProducts.sort), asc(depositProducts.id));
      return { products: rows.map(toDepositProductView) };
    },

    async quote(productId: number, amount: Money): Promise<DepositQuoteView> {
      const product = await productOf(db, productId);
      if (amount < product.minAmount) throw new AppError('INVEST_BELOW_MIN');
      const quote = depositQuote(amount, { annualRateBp: product.annualRateBp, days: product.days });
      const { startDay, endsAt } = termDays(product.days, clock.now(), await config.timeZone());
      return {
        productId,
        amount: formatMoney(amount),
        dailyInterest: formatMoney(quote.dailyInterest),
        expectedInterest: formatMoney(quote.expectedInterest),
        startDay,
        endDateTime: endsAt.toISOString(),
      };
    },

    /** Opens a deposit inside the caller's (idempotent) transaction; an insufficient balance changes nothing. */
    /** The platform time zone, read before a money transaction opens (the transaction may hold the only connection). */
    timeZone: () => config.timeZone(),

    async deposit(tx: Executor, userId: number, input: { productId: number; amount: Money }, zone: string): Promise<FixedDeposit> {
      const now = clock.now();
      const product = await productOf(tx, input.productId);
      if (input.amount < product.minAmount) throw new AppError('INVEST_BELOW_MIN');
      const [guard] = await queryRows<{ excluded_until: string | Date | null }>(
        tx,
        sql`select excluded_until from player_protection where user_id = ${userId}`,
      );
      refuseIfExcluded(guard?.excluded_until, now);
      const { startDay, endDay, endsAt } = termDays(product.days, now, zone);
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
          endsAt,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('fixed deposit insert returned nothing');
      await transfer(
        tx,
        {
          asset: product.coin as Asset,
          from: { userId },
          to: { system: 'fixed_deposits' },
          amount: input.amount,
          type: 'fixed_deposit',
          reference: `fixed_deposit:${row.id}`,
          meta: { kind: 'open' },
        },
        now,
      );
      return toDepositView(row);
    },

    /**
     * Transfers `amount` out of the user's deposit: one conditional UPDATE takes
     * it (row-locked, only while holding and only up to the principal), so
     * concurrent transfer-outs can never take more than is held. The amount
     * stops earning from today (the interest step reads the transfer's time);
     * interest already paid is kept.
     */
    async transferOut(tx: Executor, userId: number, input: { id: number; amount: Money }): Promise<TransferOutResult> {
      const now = clock.now();
      const [row] = await tx
        .update(fixedDeposits)
        .set({
          principal: sql`${fixedDeposits.principal} - ${input.amount}`,
          status: sql`case when ${fixedDeposits.principal} = ${input.amount} then 'closed' else ${fixedDeposits.status} end`,
          endedAt: sql`case when ${fixedDeposits.principal} = ${input.amount} then ${now.toISOString()}::timestamptz else null end`,
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
      await transfer(
        tx,
        {
          asset: row.coin as Asset,
          from: { system: 'fixed_deposits' },
          to: { userId },
          amount: input.amount,
          type: 'fixed_deposit',
          reference: `fixed_deposit:${row.id}`,
          meta: { kind: 'transfer_out' },
        },
        now,
      );
      return { deposit: toDepositView(row), amount: formatMoney(input.amount) };
    },

    /** The user's deposits, newest first. */
    async list(userId: number, pageNo: number, pageSize: number): Promise<Paged<FixedDeposit>> {
      const mine = eq(fixedDeposits.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(fixedDeposits)
          .where(mine)
          .orderBy(desc(fixedDeposits.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(fixedDeposits).where(mine),
      ]);
      return { content: rows.map(toDepositView), totalElements: total?.n ?? 0, pageNo };
    },

    async adminList() {
      const rows = await db.select().from(depositProducts).orderBy(asc(depositProducts.sort), asc(depositProducts.id));
      return rows.map((row) => ({ ...toDepositProductView(row), annualRateBp: row.annualRateBp, enabled: row.enabled, sort: row.sort }));
    },

    /** Adds a term (no id) or changes one; open deposits keep the terms they were opened with. */
    async adminSet(input: DepositProductSetting): Promise<DepositProduct> {
      const { id, ...rest } = input;
      const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      if (id === undefined) {
        const { name, days, annualRateBp, minAmount } = input;
        if (!name || days === undefined || annualRateBp === undefined || minAmount === undefined)
          throw AppError.invalid({ name: 'FIELD_INVALID' });
        const [row] = await db
          .insert(depositProducts)
          .values({ ...changes, name, days, annualRateBp, minAmount, createdAt: clock.now() })
          .returning();
        return toDepositProductView(row as ProductRow);
      }
      const [row] =
        Object.keys(changes).length === 0
          ? await db.select().from(depositProducts).where(eq(depositProducts.id, id))
          : await db.update(depositProducts).set(changes).where(eq(depositProducts.id, id)).returning();
      if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
      return toDepositProductView(row);
    },
  };
}

export interface DepositProductSetting {
  id?: number | undefined;
  name?: string | undefined;
  coin?: Asset | undefined;
  days?: number | undefined;
  annualRateBp?: number | undefined;
  minAmount?: Money | undefined;
  enabled?: boolean | undefined;
  sort?: number | undefined;
}

export type FixedDepositService = ReturnType<typeof createFixedDepositService>;

/** Demo terms for a fresh database (only when none exists). */
export async function seedDepositProducts(db: Executor, now: Date): Promise<void> {
  const [any] = await db.select({ id: depositProducts.id }).from(depositProducts).limit(1);
  if (any) return;
  await db.insert(depositProducts).values([
    { name: '7 days', days: 7, annualRateBp: 300, minAmount: 10_00n, sort: 1, createdAt: now },
    { name: '30 days', days: 30, annualRateBp: 500, minAmount: 10_00n, sort: 2, createdAt: now },
    { name: '90 days', days: 90, annualRateBp: 800, minAmount: 100_00n, sort: 3, createdAt: now },
  ]);
}

import {
  ADVISOR_MANAGEMENT_FEE_BP,
  type AdvisorOrder,
  type AdvisorProduct,
  type AdvisorQuoteView,
  AppError,
  type Asset,
  addDays,
  advisorManagementFee,
  advisorNetReturn,
  advisorQuote,
  formatBasisPoints,
  formatMoney,
  localDate,
  localDayBounds,
  type Money,
  type NegativeReturnWarning,
  negativeReturnWarnings,
  type Paged,
} from '@prism/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { type TransferInput, transferBatch } from '../ledger';
import { refuseIfExcluded } from '../protection';
import { advisorOrders, advisorProducts } from './schema';

type ProductRow = typeof advisorProducts.$inferSelect;
type OrderRow = typeof advisorOrders.$inferSelect;

const termsOf = (row: { dailyRateBp: number; days: number; giftRateBp: number }) => ({
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
function productWarnings(row: ProductRow): NegativeReturnWarning[] {
  return negativeReturnWarnings({ product: 'advisor', id: row.id, name: row.advisorName }, advisorNetReturn(row.price, termsOf(row)));
}

function toOrderView(row: OrderRow): AdvisorOrder {
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
function refuseUnavailable(row: ProductRow | undefined, now: Date): ProductRow {
  if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
  if (!row.enabled || (row.availableUntil && row.availableUntil.getTime() <= now.getTime())) throw new AppError('INVEST_PRODUCT_EXPIRED');
  return row;
}

/**
 * Advisor follow-invest: products, the quote shown before an order, orders
 * (principal to 'advisor_stakes', the gift from 'rewards'), and the user's
 * orders. The daily job pays earnings and maturities (steps.ts).
 */
export function createFollowInvestService({ db, clock, config }: { db: Database; clock: Clock; config: ConfigService }) {
  /** The platform days an order placed now earns (from today: paid at the next 00:00, within 24 hours) and its deadline. */
  function termDays(days: number, now: Date, zone: string) {
    const startDay = localDate(now, zone);
    const endDay = addDays(startDay, days - 1);
    return { startDay, endDay, deadline: localDayBounds(endDay, zone).end };
  }

  async function productOf(executor: Executor, productId: number): Promise<ProductRow | undefined> {
    const [row] = await executor.select().from(advisorProducts).where(eq(advisorProducts.id, productId));
    return row;
  }

  return {
    /** Products on offer, in the operator's order. */
    async products(): Promise<AdvisorProduct[]> {
      const now = clock.now();
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
    },

    /** What an order of `amount` earns a day, in all, the fee and the maturity amount: shown before the order. */
    async quote(productId: number, amount: Money): Promise<AdvisorQuoteView> {
      const now = clock.now();
      const product = refuseUnavailable(await productOf(db, productId), now);
      if (amount < product.price) throw new AppError('INVEST_BELOW_MIN');
      const quote = advisorQuote(amount, termsOf(product));
      const { startDay, deadline } = termDays(product.days, now, await config.timeZone());
      return {
        productId,
        stakingAmount: formatMoney(amount),
        dailyEarnings: formatMoney(quote.dailyEarning),
        totalReturn: formatMoney(quote.totalReturn),
        totalReturnRate: formatBasisPoints(quote.totalReturnRateBp),
        giftAmount: formatMoney(quote.giftAmount),
        managementFee: formatMoney(quote.managementFee),
        maturityAmount: formatMoney(quote.maturityAmount),
        startDay,
        deadline: deadline.toISOString(),
      };
    },

    /**
     * Places an order inside the caller's (idempotent) transaction: the stake
     * leaves the balance as a 'power' transfer (team stats count it as staking),
     * the gift arrives from 'rewards'. Insufficient balance changes nothing.
     */
    /** The platform time zone, read before a money transaction opens (the transaction may hold the only connection). */
    timeZone: () => config.timeZone(),

    async buy(tx: Executor, userId: number, input: { productId: number; amount: Money }, zone: string): Promise<AdvisorOrder> {
      const now = clock.now();
      const product = refuseUnavailable(await productOf(tx, input.productId), now);
      if (input.amount < product.price) throw new AppError('INVEST_BELOW_MIN');
      const [guard] = await queryRows<{ excluded_until: string | Date | null }>(
        tx,
        sql`select excluded_until from player_protection where user_id = ${userId}`,
      );
      refuseIfExcluded(guard?.excluded_until, now);
      const quote = advisorQuote(input.amount, termsOf(product));
      const { startDay, endDay, deadline } = termDays(product.days, now, zone);
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
          deadline,
          createdAt: now,
        })
        .returning();
      if (!order) throw new Error('advisor order insert returned nothing');
      const asset = product.coin as Asset;
      const reference = `advisor:${order.id}`;
      const moves: TransferInput[] = [
        {
          asset,
          from: { userId },
          to: { system: 'advisor_stakes' },
          amount: input.amount,
          type: 'power',
          reference,
          meta: { kind: 'advisor' },
        },
      ];
      if (quote.giftAmount > 0n) {
        moves.push({
          asset,
          from: { system: 'rewards' },
          to: { userId },
          amount: quote.giftAmount,
          type: 'reward',
          reference,
          meta: { kind: 'advisor_gift' },
        });
      }
      await transferBatch(tx, moves, now);
      return toOrderView(order);
    },

    /** The user's orders, newest first. */
    async orders(userId: number, pageNo: number, pageSize: number): Promise<Paged<AdvisorOrder>> {
      const mine = eq(advisorOrders.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(advisorOrders)
          .where(mine)
          .orderBy(desc(advisorOrders.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(advisorOrders).where(mine),
      ]);
      return { content: rows.map(toOrderView), totalElements: total?.n ?? 0, pageNo };
    },

    /** Every product, enabled or not (the operator's list). */
    async adminList(): Promise<(AdvisorProduct & { enabled: boolean; sort: number; dailyRateBp: number; giftRateBp: number })[]> {
      const rows = await db.select().from(advisorProducts).orderBy(asc(advisorProducts.sort), asc(advisorProducts.id));
      return rows.map((row) => ({
        ...toProductView(row),
        enabled: row.enabled,
        sort: row.sort,
        dailyRateBp: row.dailyRateBp,
        giftRateBp: row.giftRateBp,
      }));
    },

    /** Adds a product (no id) or changes one; running orders keep the terms they were placed with. */
    /** Operator: enabled products that pay back less than they cost (GET /admin/health). */
    async negativeReturnWarnings(): Promise<NegativeReturnWarning[]> {
      const rows = await db.select().from(advisorProducts).where(eq(advisorProducts.enabled, true)).orderBy(asc(advisorProducts.id));
      return rows.flatMap(productWarnings);
    },

    /** Adds or changes a product; the answer carries a warning when it pays back less than it costs. */
    async adminSet(input: AdvisorProductSetting): Promise<AdvisorProduct & { warnings: NegativeReturnWarning[] }> {
      const now = clock.now();
      if (input.id === undefined) {
        const { advisorName, price, days, dailyRateBp } = input;
        if (!advisorName || price === undefined || days === undefined || dailyRateBp === undefined) {
          throw AppError.invalid({ advisorName: 'FIELD_INVALID' });
        }
        const [row] = await db
          .insert(advisorProducts)
          .values({ ...definedOf(input), advisorName, price, days, dailyRateBp, createdAt: now })
          .returning();
        return { ...toProductView(row as ProductRow), warnings: productWarnings(row as ProductRow) };
      }
      const changes = definedOf(input);
      const [row] =
        Object.keys(changes).length === 0
          ? await db.select().from(advisorProducts).where(eq(advisorProducts.id, input.id))
          : await db.update(advisorProducts).set(changes).where(eq(advisorProducts.id, input.id)).returning();
      if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
      return { ...toProductView(row), warnings: productWarnings(row) };
    },
  };
}

export interface AdvisorProductSetting {
  id?: number | undefined;
  advisorName?: string | undefined;
  avatarUrl?: string | undefined;
  coin?: Asset | undefined;
  price?: Money | undefined;
  days?: number | undefined;
  dailyRateBp?: number | undefined;
  giftRateBp?: number | undefined;
  enabled?: boolean | undefined;
  /** null clears the end. */
  availableUntil?: Date | null | undefined;
  sort?: number | undefined;
}

/** The fields the operator gave (undefined ones are left as they are). */
function definedOf(input: AdvisorProductSetting): Partial<typeof advisorProducts.$inferInsert> {
  const { id: _id, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

export type FollowInvestService = ReturnType<typeof createFollowInvestService>;

/** Demo products for a fresh database (only when none exists, so the operator's edits are never undone). */
export async function seedAdvisorProducts(db: Executor, now: Date): Promise<void> {
  const [any] = await db.select({ id: advisorProducts.id }).from(advisorProducts).limit(1);
  if (any) return;
  await db.insert(advisorProducts).values([
    { advisorName: 'Alice Chen', price: 100_00n, days: 7, dailyRateBp: 80, giftRateBp: 0, sort: 1, createdAt: now },
    { advisorName: 'Rahul Mehta', price: 500_00n, days: 15, dailyRateBp: 100, giftRateBp: 50, sort: 2, createdAt: now },
    { advisorName: 'Linh Tran', price: 1000_00n, days: 30, dailyRateBp: 120, giftRateBp: 100, sort: 3, createdAt: now },
  ]);
}

import {
  AppError,
  type Asset,
  formatBps,
  formatMoney,
  HIERARCHICAL_POWER_BPS,
  hierarchicalPower,
  localDate,
  type Money,
  maskPhone,
  type NegativeReturnWarning,
  negativeReturnWarnings,
  normalizeInvitationCode,
  PAGE_SIZE,
  type Paged,
  type PowerCategory,
  type PowerConfig,
  type PowerPurchase,
  type PowerRecord,
  type PowerSession,
  personalPower,
  powerTerm,
  type UserPower,
  withinDailyLimit,
} from '@prism/domain';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { balancesOf, lockMoneyOut, recordGivenTurnover, transfer } from '../ledger';
import { users } from '../user/schema';
import { powerDailyPurchases, powerHoldings, powerIncomes, powerRecords, powerSessions } from './schema';
import { holdingView, recordView, sessionNetReturn, sessionView } from './view';

/** How many incomes getUserInfo lists, newest first. */
/** How many holdings userPower/get lists, newest first. */
const HOLDINGS_SHOWN = 50;

export interface PowerServiceDeps {
  db: Database;
  clock: Clock;
  config: ConfigService;
}

/** The operator's fields of a package (a new one, or an edit of `id`). */
export interface PowerSessionInput {
  id?: number | undefined;
  cateId: number;
  cateName: string;
  name: string;
  coin: string;
  price: Money;
  power: Money;
  termDays: number;
  dailyRateBps: number;
  feeBps: number;
  dailyLimit: number;
  sort: number;
  enabled: boolean;
}

/**
 * The task platform (DoubleInvest): packages, holdings, purchases and gifts,
 * records, and the figures getUserInfo and team stats read. The daily income,
 * fee and maturity are its daily steps (steps.ts).
 */
export function createPowerService({ db, clock, config }: PowerServiceDeps) {
  const today = async () => localDate(clock.now(), await config.timeZone());

  async function boughtToday(userId: number | undefined): Promise<Map<number, number>> {
    if (!userId) return new Map();
    const rows = await db
      .select({ sessionId: powerDailyPurchases.sessionId, count: powerDailyPurchases.count })
      .from(powerDailyPurchases)
      .where(and(eq(powerDailyPurchases.userId, userId), eq(powerDailyPurchases.day, await today())));
    return new Map(rows.map((row) => [row.sessionId, row.count]));
  }

  async function sessions(userId: number | undefined): Promise<PowerSession[]> {
    const [rows, bought] = await Promise.all([
      db
        .select()
        .from(powerSessions)
        .where(eq(powerSessions.enabled, true))
        .orderBy(asc(powerSessions.cateId), asc(powerSessions.sort), asc(powerSessions.id)),
      boughtToday(userId),
    ]);
    return rows.map((row) => sessionView(row, bought.get(row.id) ?? 0));
  }

  /**
   * Takes one of today's purchases of a package for `payerId`: one conditional
   * upsert, so concurrent buys past the limit find the row full (DAILY_PURCHASE_LIMIT).
   */
  async function takeDailyPurchase(tx: Executor, payerId: number, session: typeof powerSessions.$inferSelect, day: string) {
    if (!withinDailyLimit(0, session.dailyLimit)) throw new AppError('DAILY_PURCHASE_LIMIT');
    const taken = await queryRows<{ count: number }>(
      tx,
      sql`insert into power_daily_purchases (user_id, session_id, day, count) values (${payerId}, ${session.id}, ${day}, 1)
          on conflict (user_id, session_id, day) do update set count = power_daily_purchases.count + 1
          where power_daily_purchases.count < ${session.dailyLimit}
          returning count`,
    );
    if (taken.length === 0) throw new AppError('DAILY_PURCHASE_LIMIT');
  }

  /** A purchase by `payerId` held by `holderId` (the same user, or a gift's receiver). All in the caller's transaction. */
  async function purchase(tx: Executor, payerId: number, holderId: number, sessionId: number, zone: string) {
    const now = clock.now();
    const [session] = await tx
      .select()
      .from(powerSessions)
      .where(and(eq(powerSessions.id, sessionId), eq(powerSessions.enabled, true)));
    if (!session) throw new AppError('POWER_SESSION_UNKNOWN');
    const day = localDate(now, zone);
    await takeDailyPurchase(tx, payerId, session, day);
    const gift = payerId !== holderId;
    const { startDay, endDay } = powerTerm(day, session.termDays);
    const [holding] = await tx
      .insert(powerHoldings)
      .values({
        userId: holderId,
        sessionId: session.id,
        kind: gift ? 'gift' : 'basic',
        giverId: gift ? payerId : null,
        name: session.name,
        coin: session.coin,
        price: session.price,
        power: session.power,
        termDays: session.termDays,
        dailyRateBps: session.dailyRateBps,
        feeBps: session.feeBps,
        startDay,
        endDay,
        createdAt: now,
      })
      .returning();
    if (!holding) throw new Error('power holding not created');
    await transfer(
      tx,
      {
        asset: session.coin as Asset,
        from: { userId: payerId },
        to: { system: 'power_stakes' },
        amount: session.price,
        type: 'power',
        reference: `power_holding:${holding.id}`,
        idempotencyKey: `power-buy:${holding.id}`,
        meta: { kind: gift ? 'power_gift' : 'power_buy', holdingId: holding.id, sessionId: session.id },
      },
      now,
    );
    return holding;
  }

  /** The one user a phone number (ten digits, any area code) or an invitation code names. */
  async function receiverOf(tx: Executor, account: string): Promise<typeof users.$inferSelect> {
    const byPhone = /^\d{10}$/.test(account) ? await tx.select().from(users).where(eq(users.phone, account)).limit(2) : [];
    if (byPhone.length > 1) throw new AppError('POWER_GIFT_AMBIGUOUS');
    if (byPhone[0]) return byPhone[0];
    const [byCode] = await tx
      .select()
      .from(users)
      .where(eq(users.invitationCode, normalizeInvitationCode(account)))
      .limit(1);
    if (!byCode) throw new AppError('POWER_GIFT_USER_UNKNOWN');
    return byCode;
  }

  /**
   * A gift is paid before its receiver is looked up: a giver who cannot pay learns nothing about
   * which phones and codes are registered (only INSUFFICIENT_BALANCE or an unknown package).
   */
  async function checkGiverCanPay(tx: Executor, giverId: number, sessionId: number): Promise<void> {
    const [session] = await tx
      .select({ coin: powerSessions.coin, price: powerSessions.price })
      .from(powerSessions)
      .where(and(eq(powerSessions.id, sessionId), eq(powerSessions.enabled, true)));
    if (!session) throw new AppError('POWER_SESSION_UNKNOWN');
    if ((await balancesOf(tx, giverId))[session.coin as Asset] < session.price) throw new AppError('INSUFFICIENT_BALANCE');
  }

  /**
   * The giver's withdrawal lock on the price leaves with it (free money first) and is kept on the
   * holding until maturity hands it to the receiver (steps.ts). Read after the price's transfer,
   * which locked the giver's account, so the balance before is exact.
   */
  async function carryGiverLock(tx: Executor, giverId: number, holding: typeof powerHoldings.$inferSelect) {
    const coin = holding.coin as Asset;
    const before = (await balancesOf(tx, giverId))[coin] + holding.price;
    const carried = await recordGivenTurnover(tx, giverId, coin, holding.price, before);
    if (carried.principal === 0n) return;
    await tx
      .update(powerHoldings)
      .set({ lockPrincipal: carried.principal, lockRequired: carried.required })
      .where(eq(powerHoldings.id, holding.id));
  }

  async function paidOf(holdingIds: number[]) {
    if (holdingIds.length === 0) return new Map<number, { income: bigint; fee: bigint }>();
    const rows = await db
      .select({
        holdingId: powerIncomes.holdingId,
        income: sql<string>`sum(${powerIncomes.amount})::text`,
        fee: sql<string>`coalesce(sum(${powerIncomes.fee}), 0)::text`,
      })
      .from(powerIncomes)
      .where(inArray(powerIncomes.holdingId, holdingIds))
      .groupBy(powerIncomes.holdingId);
    return new Map(rows.map((row) => [Number(row.holdingId), { income: BigInt(row.income), fee: BigInt(row.fee) }]));
  }

  /** Active basic power held by the user's team, per level 1..3 (hierarchical power's base). */
  async function teamBasicPower(userId: number): Promise<Money[]> {
    const rows = await queryRows<{ depth: number; power: string }>(
      db,
      sql`with recursive team(id, depth) as (
            select id, 1 from users where parent_id = ${userId}
            union all
            select u.id, t.depth + 1 from users u join team t on u.parent_id = t.id where t.depth < 3
          )
          select t.depth::int as depth, coalesce(sum(h.power), 0)::text as power
          from team t join power_holdings h on h.user_id = t.id and h.kind = 'basic' and h.matured_at is null
          group by t.depth`,
    );
    return [1, 2, 3].map((depth) => BigInt(rows.find((row) => Number(row.depth) === depth)?.power ?? '0'));
  }

  return {
    async config(): Promise<PowerConfig> {
      return { timeZone: await config.timeZone(), hierarchicalRates: HIERARCHICAL_POWER_BPS.map(formatBps), giftEnabled: true };
    },

    list: (userId?: number) => sessions(userId),

    async cateList(userId?: number): Promise<PowerCategory[]> {
      const out: PowerCategory[] = [];
      for (const session of await sessions(userId)) {
        const last = out.at(-1);
        if (last?.cateId === session.cateId) last.list.push(session);
        else out.push({ cateId: session.cateId, cateName: session.cateName, list: [session] });
      }
      return out;
    },

    async userPower(userId: number): Promise<UserPower> {
      const [sums, team, rows, [income]] = await Promise.all([
        db
          .select({ kind: powerHoldings.kind, power: sql<string>`sum(${powerHoldings.power})::text` })
          .from(powerHoldings)
          .where(and(eq(powerHoldings.userId, userId), isNull(powerHoldings.maturedAt)))
          .groupBy(powerHoldings.kind),
        teamBasicPower(userId),
        db.select().from(powerHoldings).where(eq(powerHoldings.userId, userId)).orderBy(desc(powerHoldings.id)).limit(HOLDINGS_SHOWN),
        db
          .select({ total: sql<string>`coalesce(sum(${powerIncomes.amount}), 0)::text` })
          .from(powerIncomes)
          .where(eq(powerIncomes.userId, userId)),
      ]);
      const kindSum = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.power ?? '0');
      const kinds = { basic: kindSum('basic'), gift: kindSum('gift'), hierarchical: hierarchicalPower(team) };
      const paid = await paidOf(rows.map((row) => row.id));
      return {
        basicPower: formatMoney(kinds.basic),
        giftPower: formatMoney(kinds.gift),
        hierarchicalPower: formatMoney(kinds.hierarchical),
        personalPower: formatMoney(personalPower(kinds)),
        incomeTotal: formatMoney(BigInt(income?.total ?? '0')),
        holdings: rows.map((row) => holdingView(row, paid.get(row.id) ?? { income: 0n, fee: 0n })),
      };
    },

    /** The platform's time zone, read before a purchase's transaction (its day counts the daily limit). */
    timeZone: () => config.timeZone(),

    /** POST /app/userPower/buyPower, inside the idempotent transaction (`zone` read before it). */
    async buy(tx: Executor, userId: number, sessionId: number, zone: string): Promise<PowerPurchase> {
      const holding = await purchase(tx, userId, userId, sessionId, zone);
      await tx
        .insert(powerRecords)
        .values({ userId, holdingId: holding.id, type: 'buy', amount: holding.power, createdAt: holding.createdAt });
      return { holding: holdingView(holding, { income: 0n, fee: 0n }), receiver: '' };
    },

    /** POST /app/userPower/givePower: the giver buys a package that the receiver holds as gift power. */
    async give(tx: Executor, userId: number, sessionId: number, account: string, zone: string): Promise<PowerPurchase> {
      // Value leaving the giver, like a withdrawal or an exchange: one at a time, so none of them
      // passes its checks on a balance or lock that a gift is changing.
      await lockMoneyOut(tx, userId);
      await checkGiverCanPay(tx, userId, sessionId);
      const receiver = await receiverOf(tx, account);
      if (receiver.id === userId) throw new AppError('POWER_GIFT_SELF');
      const [giver] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
      const holding = await purchase(tx, userId, receiver.id, sessionId, zone);
      await carryGiverLock(tx, userId, holding);
      const base = { holdingId: holding.id, amount: holding.power, createdAt: holding.createdAt };
      await tx.insert(powerRecords).values([
        { ...base, userId, type: 'gift_out', counterparty: maskPhone(receiver.phone) },
        { ...base, userId: receiver.id, type: 'gift_in', counterparty: maskPhone(giver?.phone ?? '') },
      ]);
      return { holding: holdingView(holding, { income: 0n, fee: 0n }), receiver: maskPhone(receiver.phone) };
    },

    async records(userId: number, pageNo: number): Promise<Paged<PowerRecord>> {
      const mine = eq(powerRecords.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(powerRecords)
          .where(mine)
          .orderBy(desc(powerRecords.id))
          .limit(PAGE_SIZE)
          .offset((pageNo - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(powerRecords).where(mine),
      ]);
      return { content: rows.map(recordView), totalElements: total?.n ?? 0, pageNo };
    },

    /** Operator: every package, enabled or not. */
    async adminList() {
      const rows = await db.select().from(powerSessions).orderBy(asc(powerSessions.cateId), asc(powerSessions.sort), asc(powerSessions.id));
      return rows.map((row) => ({ ...sessionView(row, 0), enabled: row.enabled, sort: row.sort }));
    },

    /** Operator: creates a package, or edits one (live holdings keep their own terms). */
    async adminSave(input: PowerSessionInput) {
      const { id, ...values } = input;
      const [row] = id
        ? await db.update(powerSessions).set(values).where(eq(powerSessions.id, id)).returning()
        : await db.insert(powerSessions).values(values).returning();
      if (!row) throw new AppError('POWER_SESSION_UNKNOWN');
      return { ...sessionView(row, 0), enabled: row.enabled, sort: row.sort, warnings: warningsOf(row) };
    },

    /** Operator: enabled packages that pay back less than they cost (GET /admin/health). */
    async negativeReturnWarnings(): Promise<NegativeReturnWarning[]> {
      const rows = await db.select().from(powerSessions).where(eq(powerSessions.enabled, true)).orderBy(asc(powerSessions.id));
      return rows.flatMap(warningsOf);
    },
  };
}

/** A package's warning for the operator when its net return is negative. */
function warningsOf(row: typeof powerSessions.$inferSelect): NegativeReturnWarning[] {
  return negativeReturnWarnings({ product: 'power', id: row.id, name: row.name }, sessionNetReturn(row));
}

export type PowerService = ReturnType<typeof createPowerService>;

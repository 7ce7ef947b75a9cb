import {
  formatMoney,
  hierarchicalPower,
  type Money,
  PAGE_SIZE,
  type Paged,
  type PowerRecord,
  personalPower,
  type UserPower,
} from '@prism/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { inviteesCte } from '../user';
import { powerHoldings, powerIncomes, powerRecords } from './schema';
import { holdingView, recordView } from './view';

/** How many holdings userPower/get lists, newest first. */
const HOLDINGS_SHOWN = 50;

async function paidOf(db: Database, holdingIds: number[]) {
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

/** Active basic power held by the user's team, per tier 1..3 (hierarchical power's base). */
async function teamBasicPower(db: Database, userId: number): Promise<Money[]> {
  const rows = await queryRows<{ depth: number; power: string }>(
    db,
    sql`with recursive ${inviteesCte(userId, 3)}
        select t.tier::int as depth, coalesce(sum(h.power), 0)::text as power
        from invitees t join power_holdings h on h.user_id = t.id and h.kind = 'basic' and h.matured_at is null
        group by t.tier`,
  );
  return [1, 2, 3].map((depth) => BigInt(rows.find((row) => Number(row.depth) === depth)?.power ?? '0'));
}

/** The user's power by kind, total income and newest holdings (userPower/get). */
export async function userPower(db: Database, userId: number): Promise<UserPower> {
  const [sums, team, rows, [income]] = await Promise.all([
    db
      .select({ kind: powerHoldings.kind, power: sql<string>`sum(${powerHoldings.power})::text` })
      .from(powerHoldings)
      .where(and(eq(powerHoldings.userId, userId), isNull(powerHoldings.maturedAt)))
      .groupBy(powerHoldings.kind),
    teamBasicPower(db, userId),
    db.select().from(powerHoldings).where(eq(powerHoldings.userId, userId)).orderBy(desc(powerHoldings.id)).limit(HOLDINGS_SHOWN),
    db
      .select({ total: sql<string>`coalesce(sum(${powerIncomes.amount}), 0)::text` })
      .from(powerIncomes)
      .where(eq(powerIncomes.userId, userId)),
  ]);
  const kindSum = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.power ?? '0');
  const kinds = { basic: kindSum('basic'), gift: kindSum('gift'), hierarchical: hierarchicalPower(team) };
  const paid = await paidOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    basicPower: formatMoney(kinds.basic),
    giftPower: formatMoney(kinds.gift),
    hierarchicalPower: formatMoney(kinds.hierarchical),
    personalPower: formatMoney(personalPower(kinds)),
    incomeTotal: formatMoney(BigInt(income?.total ?? '0')),
    holdings: rows.map((row) => holdingView(row, paid.get(row.id) ?? { income: 0n, fee: 0n })),
  };
}

export async function powerRecordPage(db: Database, userId: number, pageNo: number): Promise<Paged<PowerRecord>> {
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
}

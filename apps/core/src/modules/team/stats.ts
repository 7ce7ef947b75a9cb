import {
  formatMoney,
  maskPhone,
  PAGE_SIZE,
  type Paged,
  REBATE_TIERS,
  type RebateRates,
  type TeamInfo,
  type TeamLevelStats,
  type TeamMember,
} from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Scalar } from '../../db/scalars';
import { validStakesPerUser } from '../game';
import { movedPerUser, userAccountsOf, userCreditsOf } from '../ledger';
import { inviteesCte, memberCardsSql } from '../user';
import { rateRows } from './rates';
import { CASH_FAMILY, effectiveInvitationsOf } from './sql';

/**
 * Team info of specification point 3, from real data, in a few set-based
 * queries: the downline three tiers deep (a recursive CTE over the
 * users(parent_id) index, user module), each member's recharges, valid bets, stakes and
 * effective invitation joined to it, summed per tier. Money figures are in the
 * CASH family (sql.ts). docs/performance.md has the figure for 10,000 members.
 */

/** The user whose team is shown (the fields the answer repeats). */
export interface TeamHead {
  id: number;
  parentId: number | null;
  phone: string;
  areaCode: string;
}

type TierRow = {
  tier: number;
  members: number;
  effective: number;
  recharge_users: number;
  recharge: string;
  bets: string;
  staking: string;
};

/**
 * The planner cannot estimate a recursive CTE's size, guesses high, and then
 * JIT-compiles the plan: 0.5-1 s of compiling for a 50-100 ms query (measured,
 * docs/performance.md). So JIT is off for this transaction.
 */
async function tierFigures(db: Executor, userId: number): Promise<TierRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tierFiguresIn(tx, userId);
  });
}

async function tierFiguresIn(db: Executor, userId: number): Promise<TierRow[]> {
  const team = sql`select id from invitees`;
  return queryRows<TierRow>(
    db,
    sql`with recursive ${inviteesCte(userId, REBATE_TIERS.length)},
    accounts as (${userAccountsOf(team, CASH_FAMILY)}),
    recharges as (${movedPerUser(sql`accounts`, 'in', 'recharge')}),
    -- Power and advisor stakes leave the user's account as 'power' transfers (none exist before those features).
    stakes as (${movedPerUser(sql`accounts`, 'out', 'power')}),
    bets as (${validStakesPerUser(team, CASH_FAMILY)}),
    effective as (
      select user_id from (${effectiveInvitationsOf(team)}) e
    )
    select t.tier::int as tier, count(*)::int as members, count(e.user_id)::int as effective,
           count(r.user_id)::int as recharge_users, coalesce(sum(r.amount), 0)::text as recharge,
           coalesce(sum(b.amount), 0)::text as bets, coalesce(sum(s.amount), 0)::text as staking
    from invitees t
    left join recharges r on r.user_id = t.id
    left join bets b on b.user_id = t.id
    left join stakes s on s.user_id = t.id
    left join effective e on e.user_id = t.id
    group by t.tier`,
  );
}

/** Rebates paid to the user, per kind and tier (CASH family; a rebate's meta calls its tier `level`). */
async function rebatesPaid(db: Executor, userId: number) {
  return queryRows<{ kind: string; tier: number; total: string }>(
    db,
    sql`select t.meta->>'kind' as kind, (t.meta->>'level')::int as tier, sum(t.amount)::text as total
        from ${userCreditsOf(userId, 'rebate', CASH_FAMILY)}
        group by 1, 2`,
  );
}

/** A page of the members at one tier (1 = direct), newest first. */
export async function teamMembers(db: Executor, userId: number, tier: number, pageNo: number): Promise<Paged<TeamMember>> {
  const rows = await queryRows<{ id: number; phone: string; nick_name: string; created_at: string | Date; total: number }>(
    db,
    sql`with recursive ${inviteesCte(userId, tier)}
        select u.id, u.phone, u.nick_name, u.created_at, count(*) over ()::int as total
        from invitees t join ${memberCardsSql} u on u.id = t.id where t.tier = ${tier}
        order by u.created_at desc, u.id desc limit ${PAGE_SIZE} offset ${(pageNo - 1) * PAGE_SIZE}`,
  );
  let totalElements = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && pageNo > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`with recursive ${inviteesCte(userId, tier)} select count(*)::int as total from invitees where tier = ${tier}`,
    );
    totalElements = Number(count?.total ?? 0);
  }
  return {
    content: rows.map((row) => ({
      id: Number(row.id),
      phone: maskPhone(row.phone),
      nickName: row.nick_name,
      createDateTime: new Date(row.created_at).toISOString(),
    })),
    totalElements,
    pageNo,
  };
}

export async function loadTeamInfo(db: Executor, user: TeamHead, rates: RebateRates): Promise<TeamInfo> {
  const byTier = new Map((await tierFigures(db, user.id)).map((row) => [Number(row.tier), row]));
  const paid = await rebatesPaid(db, user.id);
  const sumPaid = (match: (row: { kind: string; tier: number }) => boolean) =>
    formatMoney(paid.filter(match).reduce((sum, row) => sum + BigInt(row.total), 0n));
  const levels: TeamLevelStats[] = REBATE_TIERS.map((tier) => {
    const row = byTier.get(tier);
    return {
      level: tier,
      memberNumber: Number(row?.members ?? 0),
      effectiveNumber: Number(row?.effective ?? 0),
      rechargeUserNumber: Number(row?.recharge_users ?? 0),
      rechargeAmount: formatMoney(BigInt(row?.recharge ?? 0)),
      totalBetAmount: formatMoney(BigInt(row?.bets ?? 0)),
      stakingAmount: formatMoney(BigInt(row?.staking ?? 0)),
      contributionAmount: sumPaid((p) => Number(p.tier) === tier),
    };
  });
  const total = (pick: (row: TierRow) => string | number) => [...byTier.values()].reduce((sum, row) => sum + BigInt(pick(row)), 0n);
  const direct = byTier.get(1);
  return {
    id: user.id,
    parentId: user.parentId,
    phone: user.phone,
    areaCode: user.areaCode,
    directNumber: Number(direct?.members ?? 0),
    directRecharge: formatMoney(BigInt(direct?.recharge ?? 0)),
    directRechargeUserNumber: Number(direct?.recharge_users ?? 0),
    directTotalBetAmount: formatMoney(BigInt(direct?.bets ?? 0)),
    directStakingAmount: formatMoney(BigInt(direct?.staking ?? 0)),
    directUserList: (await teamMembers(db, user.id, 1, 1)).content,
    teamNumber: Number(total((row) => row.members)),
    teamRecharge: formatMoney(total((row) => row.recharge)),
    teamRechargeUserNumber: Number(total((row) => row.recharge_users)),
    teamTotalBetAmount: formatMoney(total((row) => row.bets)),
    teamStakingAmount: formatMoney(total((row) => row.staking)),
    betRebate: sumPaid((p) => p.kind === 'bet'),
    rechargeRebate: sumPaid((p) => p.kind === 'recharge'),
    registerRebate: sumPaid((p) => p.kind === 'register'),
    contributionAmount: sumPaid(() => true),
    levels,
    rates: rateRows(rates),
  };
}

/** Rebates paid to the user for one platform day (getUserInfo's yesterdayCommission), as one value of its statement. */
export function commissionScalar(userId: number, period: string): Scalar<bigint> {
  return {
    sql: sql`select sum(t.amount)::text
        from ${userCreditsOf(userId, 'rebate', CASH_FAMILY)} and t.meta->>'period' = ${period}`,
    read: (value) => BigInt((value as string | null) ?? '0'),
  };
}

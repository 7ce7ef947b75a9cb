import {
  formatMoney,
  maskPhone,
  PAGE_SIZE,
  type Paged,
  REBATE_LEVELS,
  type RebateRates,
  type TeamInfo,
  type TeamLevelStats,
  type TeamMember,
} from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Scalar } from '../../db/scalars';
import type { UserRow } from '../user/schema';
import { rateRows } from './rates';
import { CASH_FAMILY, effectiveInvitationsOf, IN_SETTLED_SESSION } from './sql';

/**
 * Team info of specification point 3, from real data, in a few set-based
 * queries: the downline three levels deep (a recursive CTE over the
 * users(parent_id) index), each member's recharges, valid bets, stakes and
 * effective invitation joined to it, summed per level. Money figures are in the
 * CASH family (sql.ts). docs/performance.md has the figure for 10,000 members.
 */

const TEAM = (userId: number, depth: number) => sql`
  team(id, depth) as (
    select id, 1 from users where parent_id = ${userId}
    union all
    select u.id, t.depth + 1 from users u join team t on u.parent_id = t.id where t.depth < ${depth}
  )`;

type LevelRow = {
  depth: number;
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
async function levelFigures(db: Executor, userId: number): Promise<LevelRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return levelFiguresIn(tx, userId);
  });
}

async function levelFiguresIn(db: Executor, userId: number): Promise<LevelRow[]> {
  return queryRows<LevelRow>(
    db,
    sql`with recursive ${TEAM(userId, 3)},
    accounts as (
      select a.id, a.user_id from ledger_accounts a
      where a.user_id in (select id from team) and ${CASH_FAMILY(sql`a.asset`)}
    ),
    recharges as (
      select a.user_id, sum(t.amount) as amount from accounts a
      join ledger_transfers t on t.to_account_id = a.id and t.type = 'recharge' group by a.user_id
    ),
    stakes as (
      -- Power and advisor stakes leave the user's account as 'power' transfers (none exist before those features).
      select a.user_id, sum(t.amount) as amount from accounts a
      join ledger_transfers t on t.from_account_id = a.id and t.type = 'power' group by a.user_id
    ),
    bets as (
      select b.user_id, sum(b.total) as amount from game_bets b
      where b.user_id in (select id from team) and ${IN_SETTLED_SESSION(sql`b.session_id`)} and ${CASH_FAMILY(sql`b.coin`)} group by b.user_id
    ),
    effective as (
      select user_id from (${effectiveInvitationsOf(sql`select id from team`)}) e
    )
    select t.depth::int as depth, count(*)::int as members, count(e.user_id)::int as effective,
           count(r.user_id)::int as recharge_users, coalesce(sum(r.amount), 0)::text as recharge,
           coalesce(sum(b.amount), 0)::text as bets, coalesce(sum(s.amount), 0)::text as staking
    from team t
    left join recharges r on r.user_id = t.id
    left join bets b on b.user_id = t.id
    left join stakes s on s.user_id = t.id
    left join effective e on e.user_id = t.id
    group by t.depth`,
  );
}

/** Rebates paid to the user, per kind and level (CASH family). */
async function rebatesPaid(db: Executor, userId: number) {
  return queryRows<{ kind: string; level: number; total: string }>(
    db,
    sql`select t.meta->>'kind' as kind, (t.meta->>'level')::int as level, sum(t.amount)::text as total
        from ledger_accounts a join ledger_transfers t on t.to_account_id = a.id
        where a.user_id = ${userId} and ${CASH_FAMILY(sql`a.asset`)} and t.type = 'rebate'
        group by 1, 2`,
  );
}

/** A page of the members at one level (1 = direct), newest first. */
export async function teamMembers(db: Executor, userId: number, level: number, pageNo: number): Promise<Paged<TeamMember>> {
  const rows = await queryRows<{ id: number; phone: string; nick_name: string; created_at: string | Date; total: number }>(
    db,
    sql`with recursive ${TEAM(userId, level)}
        select u.id, u.phone, u.nick_name, u.created_at, count(*) over ()::int as total
        from team t join users u on u.id = t.id where t.depth = ${level}
        order by u.created_at desc, u.id desc limit ${PAGE_SIZE} offset ${(pageNo - 1) * PAGE_SIZE}`,
  );
  let totalElements = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && pageNo > 1) {
    const [count] = await queryRows<{ total: number }>(
      db,
      sql`with recursive ${TEAM(userId, level)} select count(*)::int as total from team where depth = ${level}`,
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

export async function loadTeamInfo(db: Executor, user: UserRow, rates: RebateRates): Promise<TeamInfo> {
  const byDepth = new Map((await levelFigures(db, user.id)).map((row) => [Number(row.depth), row]));
  const paid = await rebatesPaid(db, user.id);
  const sumPaid = (match: (row: { kind: string; level: number }) => boolean) =>
    formatMoney(paid.filter(match).reduce((sum, row) => sum + BigInt(row.total), 0n));
  const levels: TeamLevelStats[] = REBATE_LEVELS.map((level) => {
    const row = byDepth.get(level);
    return {
      level,
      memberNumber: Number(row?.members ?? 0),
      effectiveNumber: Number(row?.effective ?? 0),
      rechargeUserNumber: Number(row?.recharge_users ?? 0),
      rechargeAmount: formatMoney(BigInt(row?.recharge ?? 0)),
      totalBetAmount: formatMoney(BigInt(row?.bets ?? 0)),
      stakingAmount: formatMoney(BigInt(row?.staking ?? 0)),
      contributionAmount: sumPaid((p) => Number(p.level) === level),
    };
  });
  const total = (pick: (row: LevelRow) => string | number) => [...byDepth.values()].reduce((sum, row) => sum + BigInt(pick(row)), 0n);
  const direct = byDepth.get(1);
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
        from ledger_accounts a join ledger_transfers t on t.to_account_id = a.id
        where a.user_id = ${userId} and ${CASH_FAMILY(sql`a.asset`)} and t.type = 'rebate' and t.meta->>'period' = ${period}`,
    read: (value) => BigInt((value as string | null) ?? '0'),
  };
}

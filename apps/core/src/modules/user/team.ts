import { formatMoney, maskPhone, REBATE_LEVELS, type TeamInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import type { UserRow } from './schema';

const zero = formatMoney(0n);
const DIRECT_LIST_LIMIT = 100;

/**
 * Team info of specification point 3. Member counts are real (three levels of
 * invitees); money figures and rebates arrive with the wallet and team issues.
 */
export async function loadTeamInfo(db: Database, user: UserRow): Promise<TeamInfo> {
  const counts = await queryRows<{ depth: number; members: number }>(
    db,
    sql`
    with recursive team(id, depth) as (
      select id, 1 from users where parent_id = ${user.id}
      union all
      select u.id, t.depth + 1 from users u join team t on u.parent_id = t.id where t.depth < 3
    )
    select depth::int as depth, count(*)::int as members from team group by depth`,
  );
  const byDepth = new Map(counts.map((row) => [Number(row.depth), Number(row.members)]));
  const direct = await queryRows<{ id: number; phone: string; nick_name: string; created_at: string | Date }>(
    db,
    sql`
    select id, phone, nick_name, created_at from users where parent_id = ${user.id}
    order by created_at desc limit ${DIRECT_LIST_LIMIT}`,
  );

  const levels = REBATE_LEVELS.map((level) => ({
    level,
    memberNumber: byDepth.get(level) ?? 0,
    rechargeUserNumber: 0,
    rechargeAmount: zero,
    totalBetAmount: zero,
    stakingAmount: zero,
    contributionAmount: zero,
  }));
  return {
    id: user.id,
    parentId: user.parentId,
    phone: user.phone,
    areaCode: user.areaCode,
    directNumber: byDepth.get(1) ?? 0,
    directRecharge: zero,
    directRechargeUserNumber: 0,
    directTotalBetAmount: zero,
    directUserList: direct.map((row) => ({
      id: Number(row.id),
      phone: maskPhone(row.phone),
      nickName: row.nick_name,
      createDateTime: new Date(row.created_at).toISOString(),
    })),
    teamNumber: levels.reduce((sum, level) => sum + level.memberNumber, 0),
    teamRecharge: zero,
    teamRechargeUserNumber: 0,
    teamTotalBetAmount: zero,
    betRebate: zero,
    rechargeRebate: zero,
    registerRebate: zero,
    levels,
  };
}

import { formatMoney } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { betStatusSql } from './outcome';

/** One user's bets for the operator, newest first, before bet id `before` (keyset paging on game_bets' user index). */
export async function userBetsBefore(db: Executor, userId: number, before: number | undefined, limit: number) {
  const rows = await queryRows<{
    id: string;
    created_at: Date | string;
    coin: string;
    level: number;
    period_id: string;
    bet_name: string;
    total: string;
    fee: string;
    payout: string;
    status: string;
  }>(
    db,
    sql`select b.id::text as id, b.created_at, b.coin, b.level, b.period_id, b.bet_name, b.total::text as total,
               b.fee::text as fee, b.payout::text as payout, ${betStatusSql('b', 's')} as status
          from game_bets b join game_sessions s on s.id = b.session_id
         where b.user_id = ${userId} ${before === undefined ? sql`` : sql`and b.id < ${before}`}
         order by b.id desc limit ${limit}`,
  );
  const list = rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    coin: row.coin,
    room: Number(row.level),
    periodId: row.period_id,
    betName: row.bet_name,
    stake: formatMoney(BigInt(row.total)),
    fee: formatMoney(BigInt(row.fee)),
    payout: formatMoney(BigInt(row.payout)),
    status: row.status,
  }));
  return { list, next: list.length === limit ? (list[list.length - 1]?.id ?? null) : null };
}

import type { DashboardView } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { lastEarningRun } from '../earning';
import { transfersAfterSql } from '../ledger';
import { botBacklog } from '../notify';
import { lastRebateRun } from '../team';
import { usersCreatedSince } from '../user';
import { pendingWithdrawalSummary } from '../withdraw';
import { dailySums, dayFigures, roomFigures, TAIL_LIMIT, watermarkOf } from './figures';
import { lastLedgerCheck } from './ledgerChecks';
import { utcDaysUpTo } from './perCoin';

const DAY_MS = 86_400_000;

/** A job is late when its last run is older than this (both run at least daily). */
const JOB_LATE_MS = 26 * 3_600_000;

/** Active players: bettors in the last day and the last 30 days, the refreshed ones plus those in the tail. */
async function activePlayers(db: Executor, now: Date, watermark: number): Promise<{ active1d: number; active30d: number }> {
  const mark = sql`${watermark}::bigint`;
  const since = (ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;
  const activeSince = (from: ReturnType<typeof since>) =>
    sql`(select count(*) from dashboard_players where last_bet_at >= ${from})
        + (select count(*) from bettors b where b.at >= ${from}
            and not exists (select 1 from dashboard_players p where p.user_id = b.user_id and p.last_bet_at >= ${from}))`;
  const [row] = await queryRows<{ d1: string; d30: string }>(
    db,
    sql`with tail as (${transfersAfterSql(mark, TAIL_LIMIT)}),
        bettors as (select from_user_id as user_id, max(created_at) as at from tail where type = 'bet' and from_user_id is not null group by 1)
        select (${activeSince(since(DAY_MS))})::text as d1, (${activeSince(since(30 * DAY_MS))})::text as d30`,
  );
  return { active1d: Number(row?.d1 ?? 0), active30d: Number(row?.d30 ?? 0) };
}

async function newPlayers(db: Executor, now: Date) {
  const [new1d = 0, new30d = 0] = await usersCreatedSince(db, [new Date(now.getTime() - DAY_MS), new Date(now.getTime() - 30 * DAY_MS)]);
  return { new1d, new30d };
}

/**
 * The aggregates, the tail after their watermark and the active players, read in one snapshot
 * (a read-only repeatable-read transaction): a refresh that commits meanwhile cannot make a
 * transfer count both in the sums and in the tail.
 */
function ledgerFigures(db: Database, firstDay: string, now: Date) {
  return db.transaction(async (tx) => {
    // The transaction's first statement (db/client.ts's transactions take no options).
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const watermark = await watermarkOf(tx);
    const rows = await dailySums(tx, firstDay, watermark);
    return { rows, active: await activePlayers(tx, now, watermark) };
  });
}

function jobStatus(name: string, run: { ranAt: Date; day: string } | undefined, now: Date) {
  if (!run) return { name, lastRunAt: null, day: null, status: 'never' as const };
  const late = now.getTime() - run.ranAt.getTime() > JOB_LATE_MS;
  return { name, lastRunAt: run.ranAt.toISOString(), day: run.day, status: late ? ('late' as const) : ('ok' as const) };
}

async function aggregatesJob(db: Executor, now: Date) {
  const [row] = await queryRows<{ updated_at: Date | string; last: string }>(
    db,
    sql`select updated_at, last_transfer_id::text as last from dashboard_watermark where id = 1`,
  );
  return jobStatus('dashboard', row ? { ranAt: new Date(row.updated_at), day: `transfer ${row.last}` } : undefined, now);
}

async function jobs(db: Executor, now: Date) {
  const [earning, rebate, aggregates] = await Promise.all([lastEarningRun(db), lastRebateRun(db), aggregatesJob(db, now)]);
  return [jobStatus('earnings', earning, now), jobStatus('rebates', rebate, now), aggregates];
}

/**
 * GET /core/admin/dashboard: the last `days` UTC days per coin (today last), rooms, players, pending
 * withdrawals, jobs, bot backlog and the last ledger check. Reads the daily aggregates and the short
 * tail after their watermark, never all bets or transfers.
 */
export async function dashboard(db: Database, clock: Clock, days: number): Promise<DashboardView> {
  const now = clock.now();
  const window = utcDaysUpTo(now, days);
  const { rows, active } = await ledgerFigures(db, window[0] as string, now);
  const tail = Number(rows.find((row) => row.kind === '~tail')?.transfers ?? 0);
  const figures = dayFigures(rows, window);
  const [rooms, fresh, pendingWithdrawals, jobList, backlog, ledgerCheck] = await Promise.all([
    roomFigures(db, rows),
    newPlayers(db, now),
    pendingWithdrawalSummary(db, now),
    jobs(db, now),
    botBacklog(db),
    lastLedgerCheck(db),
  ]);
  return {
    generatedAt: now.toISOString(),
    timeZone: 'UTC' as const,
    complete: tail < TAIL_LIMIT,
    today: figures.days[figures.days.length - 1]?.coins ?? [],
    days: figures.days,
    rooms,
    players: { ...active, ...fresh },
    pendingWithdrawals,
    jobs: jobList,
    botBacklog: backlog,
    ledgerCheck,
  };
}

export type Dashboard = DashboardView;

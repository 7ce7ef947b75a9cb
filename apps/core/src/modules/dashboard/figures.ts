import { type DashboardRoom, formatMoney, returnToPlayer } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { listRooms } from '../game';
import { transfersAfterSql } from '../ledger';
import { classifiedSql } from './aggregates';
import { type PerCoin, perCoinFigures, rtpBps } from './perCoin';

/**
 * Transfers after the watermark a request folds in itself (the periodic refresh keeps the tail
 * far shorter). Past it the answer says `complete: false`: it never reads more per request.
 */
export const TAIL_LIMIT = 20_000;

interface SumRow {
  day: string;
  coin: string;
  kind: string;
  room: number;
  transfers: string;
  amount: string;
  [key: string]: unknown;
}

/** The last transfer id folded into the aggregates (0 before the first refresh). */
export async function watermarkOf(db: Executor): Promise<number> {
  const [row] = await queryRows<{ last: string }>(db, sql`select last_transfer_id::text as last from dashboard_watermark where id = 1`);
  return Number(row?.last ?? 0);
}

/**
 * The daily sums from `firstDay` on: the aggregates plus the transfers after `watermark` (at most
 * TAIL_LIMIT). The caller reads the watermark and the sums in one snapshot (dashboard.ts); the
 * watermark is a value, not a subquery, so the planner sees a short range of the ledger's key. A
 * row of kind '~tail' counts the transfers folded in here.
 */
export async function dailySums(db: Executor, firstDay: string, watermark: number): Promise<SumRow[]> {
  return queryRows<SumRow>(
    db,
    sql`with tail as (${classifiedSql(transfersAfterSql(sql`${watermark}::bigint`, TAIL_LIMIT))})
        select day::text as day, coin, kind, room, sum(transfers)::text as transfers, sum(amount)::text as amount from (
          select day, coin, kind, room, transfers, amount from dashboard_daily where day >= ${firstDay}::date
          union all
          select day, coin, kind, room, 1, amount from tail where day >= ${firstDay}::date
        ) x group by 1, 2, 3, 4
        union all
        select '', '', '~tail', 0, count(distinct id)::text, '0' from tail`,
  );
}

export interface DayFigures {
  date: string;
  coins: PerCoin[];
}

export type RoomFigures = DashboardRoom;

/** Adds a row's amount to the sums of its key. */
function add(map: Map<string, Map<string, bigint>>, key: string, kind: string, amount: bigint): void {
  const sums = map.get(key) ?? new Map<string, bigint>();
  sums.set(kind, (sums.get(kind) ?? 0n) + amount);
  map.set(key, sums);
}

/** The window's figures per day and coin (every day listed, zeros included) from the summed rows. */
export function dayFigures(rows: readonly SumRow[], days: readonly string[]): { days: DayFigures[]; coins: string[] } {
  const byDayCoin = new Map<string, Map<string, bigint>>();
  const coins = new Set<string>(['CASH', 'USDT']);
  for (const row of rows) {
    if (row.kind === '~tail') continue;
    coins.add(row.coin);
    add(byDayCoin, `${row.day}|${row.coin}`, row.kind, BigInt(row.amount));
  }
  const sorted = [...coins].sort();
  return {
    coins: sorted,
    days: days.map((date) => ({
      date,
      coins: sorted.map((coin) => perCoinFigures(coin, byDayCoin.get(`${date}|${coin}`) ?? new Map())),
    })),
  };
}

/** Per room and coin over the window: stakes, payouts, bets, and the realised return beside the configured one. */
export async function roomFigures(db: Executor, rows: readonly SumRow[]): Promise<RoomFigures[]> {
  const rooms = await listRooms(db);
  const sums = new Map<string, { stake: bigint; payout: bigint; bets: number }>();
  for (const row of rows) {
    if (row.room === 0 || (row.kind !== 'bet' && row.kind !== 'payout')) continue;
    const key = `${row.room}|${row.coin}`;
    const entry = sums.get(key) ?? { stake: 0n, payout: 0n, bets: 0 };
    if (row.kind === 'bet') {
      entry.stake += BigInt(row.amount);
      entry.bets += Number(row.transfers);
    } else entry.payout += BigInt(row.amount);
    sums.set(key, entry);
  }
  const keys = new Set([...rooms.map((room) => `${room.level}|CASH`), ...sums.keys()]);
  return [...keys].sort().map((key) => {
    const [level, coin] = key.split('|') as [string, string];
    const room = rooms.find((r) => r.level === Number(level));
    const entry = sums.get(key) ?? { stake: 0n, payout: 0n, bets: 0 };
    return {
      room: Number(level),
      name: room?.levelName ?? `Room ${level}`,
      coin,
      // The headline bet (Big/Small): the room's other bets pay less (docs/fairness.md lists each).
      configuredRtpBps: room ? Math.round(returnToPlayer('Big', room.odds) * 10_000) : 0,
      realisedRtpBps: rtpBps(entry.stake, entry.payout),
      bets: entry.bets,
      stake: formatMoney(entry.stake),
      payout: formatMoney(entry.payout),
    };
  });
}

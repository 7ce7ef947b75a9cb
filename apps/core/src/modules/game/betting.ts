import { type BetCoin, type BetName, betFee, type Money } from '@prism/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { type Random, randomString } from '../../platform/random';
import { transfer } from '../ledger/ledger';
import { refuseIfExcluded } from '../protection/service';
import { toLevelConfig } from './levels';
import { gameBets, gameLevels, gameSessions } from './schema';

export interface BetInput {
  gameSessionId: number;
  betName: BetName;
  baseAmount: Money;
  betMultiples: number;
  totalBetAmount: Money;
  coin: BetCoin;
}

export type BetRow = typeof gameBets.$inferSelect;

/**
 * Places a bet inside the caller's transaction: the session must be open and
 * before its cut-off ('Error Session'), base and multiples from the room's
 * lists, total = base x multiples (recomputed; a mismatch is refused), within
 * the room's limits; the stake is debited atomically and counts as turnover
 * (CHIP, GOLD and POINT toward CASH, USDT toward USDT).
 */
export async function placeBet(tx: Executor, deps: { clock: Clock; random: Random }, userId: number, input: BetInput): Promise<BetRow> {
  const now = deps.clock.now();
  // The session and its room in one query: betting is the hottest path of the game.
  // FOR SHARE holds the session row until this bet commits: the draw's UPDATE of
  // the row waits for it (and its settlement then sees the bet), or the bet waits
  // for the draw and finds the session no longer open. Bets do not block each other.
  // A one-statement bet keeps this: its CTE reading the session takes the same FOR SHARE.
  const [found] = await tx
    .select({ session: gameSessions, level: gameLevels })
    .from(gameSessions)
    .innerJoin(gameLevels, eq(gameLevels.level, gameSessions.level))
    .where(eq(gameSessions.id, input.gameSessionId))
    .for('share', { of: gameSessions });
  const session = found?.session;
  if (!found || !session || session.status !== 'open' || now < session.startAt || now >= session.betEndAt)
    throw new AppError('ERROR_SESSION');
  const level = toLevelConfig(found.level);
  if (!level.enableFlag) throw new AppError('ERROR_SESSION');
  if (!level.baseAmounts.includes(input.baseAmount)) throw new AppError('BET_BASE_INVALID');
  if (!level.multiples.includes(input.betMultiples)) throw new AppError('BET_MULTIPLE_INVALID');
  const total = input.baseAmount * BigInt(input.betMultiples);
  if (total !== input.totalBetAmount) throw new AppError('BET_TOTAL_MISMATCH');
  if (total < level.chipMinLimit || total > level.chipMaxLimit) throw new AppError('BET_LIMIT');

  // One bet at a time per user (the lock), so the per-session cap cannot be raced; the sum in the same statement.
  // The self-exclusion (DESIGN 10) rides in the same statement: one primary-key lookup, no extra round trip.
  const [staked] = await queryRows<{ total: string | null; excluded_until: string | Date | null }>(
    tx,
    sql`select pg_advisory_xact_lock(hashtext(${`bet:${userId}`})) as locked,
               (select sum(total) from game_bets where user_id = ${userId} and session_id = ${session.id})::text as total,
               (select excluded_until from player_protection where user_id = ${userId}) as excluded_until`,
  );
  refuseIfExcluded(staked?.excluded_until, now);
  if (BigInt(staked?.total ?? '0') + total > level.betAmountMax) throw new AppError('BET_SESSION_LIMIT');

  const orderNo = `B${session.periodId}${randomString(deps.random, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 8)}`;
  await transfer(
    tx,
    { asset: input.coin, from: { userId }, to: { system: 'house' }, amount: total, type: 'bet', reference: `bet:${orderNo}` },
    now,
  );
  // The bet and its turnover (CHIP, GOLD and POINT count toward CASH) in one statement.
  const [bet] = await queryRows<Record<string, unknown>>(
    tx,
    sql`with bet as (
          insert into game_bets (order_no, user_id, session_id, level, period_id, bet_name, base_amount, multiples, total, fee, coin, status, created_at)
          values (${orderNo}, ${userId}, ${session.id}, ${session.level}, ${session.periodId}, ${input.betName}, ${input.baseAmount}, ${input.betMultiples},
                  ${total}, ${betFee(total, level.odds)}, ${input.coin}, 'PENDING', ${now.toISOString()}::timestamptz)
          returning *
        ), counted as (
          insert into turnover (user_id, currency, done) values (${userId}, ${input.coin === 'USDT' ? 'USDT' : 'CASH'}, ${total})
          on conflict (user_id, currency) do update set done = turnover.done + excluded.done
        )
        select id from bet`,
  );
  const [row] = await tx
    .select()
    .from(gameBets)
    .where(eq(gameBets.id, Number(bet?.id)));
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function userSessionBets(tx: Executor, userId: number, sessionId: number): Promise<BetRow[]> {
  return tx
    .select()
    .from(gameBets)
    .where(and(eq(gameBets.userId, userId), eq(gameBets.sessionId, sessionId)));
}

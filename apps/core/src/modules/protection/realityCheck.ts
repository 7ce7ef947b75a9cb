import { formatMoney, playSession, type RealityCheck, realityCheckDue } from '@prism/domain';
import { type ProtectionServiceDeps, rowOf } from './context';

/** How many recent bets the reality check reads to find the current play session. */
const RECENT_BETS = 2000;

type Bet = { coin: string; total: string; payout: string };

/** Staked and paid out per coin over the given bets. */
function sumByCoin(bets: Bet[]): Map<string, { staked: bigint; paidOut: bigint }> {
  const byCoin = new Map<string, { staked: bigint; paidOut: bigint }>();
  for (const bet of bets) {
    const sum = byCoin.get(bet.coin) ?? { staked: 0n, paidOut: 0n };
    sum.staked += BigInt(bet.total);
    sum.paidOut += BigInt(bet.payout);
    byCoin.set(bet.coin, sum);
  }
  return byCoin;
}

export async function realityCheck(deps: ProtectionServiceDeps, userId: number): Promise<RealityCheck> {
  const now = deps.clock.now();
  const row = await rowOf(deps.db, userId);
  const interval = row?.realityCheckMinutes ?? 0;
  const bets = await deps.recentBets(deps.db, userId, RECENT_BETS);
  const times = bets.map((b) => new Date(b.created_at));
  const session = playSession(times, now);
  const inSession = session ? bets.filter((_, i) => (times[i] as Date).getTime() >= session.start.getTime()) : [];
  return {
    due: realityCheckDue(interval, session, row?.realityAckAt ?? null, now),
    minutesPlayed: session ? Math.floor((now.getTime() - session.start.getTime()) / 60_000) : 0,
    results: [...sumByCoin(inSession)].map(([coin, s]) => ({
      coin,
      staked: formatMoney(s.staked),
      paidOut: formatMoney(s.paidOut),
      net: formatMoney(s.paidOut - s.staked),
    })),
    intervalMinutes: interval,
  };
}

import { formatMoney, formatNet, notifyTexts } from '@prism/domain';
import type { Executor } from '../../db/client';
import { findUserLocale } from '../user';
import type { Notifier } from './notifier';

/** One bettor's session in one coin, as the game's door reads it. */
export interface BettorResult {
  userId: number;
  coin: string;
  bets: number;
  staked: bigint;
  paid: bigint;
}

/** What the results message needs of the game (handed in by the composition root: notify does not import game). */
export interface ResultsSource {
  results(db: Executor, sessionId: number): Promise<BettorResult[]>;
  roomName(db: Executor, level: number): Promise<string>;
}

/**
 * After a session settled: one message per player who bet in it (topic 'results'), all coins of
 * theirs in it on its lines, in their account's language. Each goes into the paced queue, so a big
 * session's burst is spread under Telegram's limits by the outbox job.
 */
export async function notifySessionResults(
  deps: { db: Executor; notifier: Notifier; source: ResultsSource },
  session: { id: number; periodId: string; level: number },
): Promise<number> {
  const rows = await deps.source.results(deps.db, session.id);
  if (rows.length === 0) return 0;
  const room = await deps.source.roomName(deps.db, session.level);
  const byUser = new Map<number, BettorResult[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  for (const [userId, lines] of byUser) {
    const t = notifyTexts(await findUserLocale(deps.db, userId));
    const body = lines.map((l) =>
      t.resultLine({ asset: l.coin, bets: l.bets, staked: formatMoney(l.staked), paid: formatMoney(l.paid), net: formatNet(l) }),
    );
    const text = [t.resultTitle(room, session.periodId), ...body, '', t.footer].join('\n');
    await deps.notifier.notifyUser(userId, 'game_result', { text }, { topic: 'results', ref: `session:${session.periodId}` });
  }
  return byUser.size;
}

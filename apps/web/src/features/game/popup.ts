import { type CoinNet, type GameBetRecord, type GameSessionResult, sessionNetByCoin } from '@prism/domain';
import { toMinor } from '../../lib/money';

/**
 * The result popup (specification point 4): shown when the latest session of
 * the room has the user's bets and its id differs from the last one the user
 * acknowledged. It waits until the session is finished (settled or void) and
 * the user's bets on it are no longer PENDING, so it always shows the outcome.
 */
export interface ResultPopup {
  session: GameSessionResult;
  bets: GameBetRecord[];
  /**
   * Per coin: staked, paid back and the net, from the server's stake and payout of each bet
   * (sessionNetByCoin of the domain). The headline follows the net's sign, not whether a bet won.
   */
  nets: CoinNet[];
  /** The session was void: every stake was refunded (the nets are 0). */
  void: boolean;
}

export function resultPopupOf(
  latest: GameSessionResult | undefined,
  records: readonly GameBetRecord[],
  acknowledgedId: number | null,
): ResultPopup | undefined {
  if (!latest || latest.id === acknowledgedId) return undefined;
  if (latest.status !== 'settled' && latest.status !== 'void') return undefined;
  const bets = records.filter((bet) => bet.gameSessionId === latest.id);
  if (bets.length === 0 || bets.some((bet) => bet.status === 'PENDING')) return undefined;
  const nets = sessionNetByCoin(
    bets.map((bet) => ({ coin: bet.coin, stake: toMinor(bet.totalBetAmount), payout: toMinor(bet.incomeAmount) })),
  );
  return { session: latest, bets, nets, void: latest.status === 'void' };
}

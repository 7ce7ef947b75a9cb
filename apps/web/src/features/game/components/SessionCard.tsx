import type { GameSession } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/money';
import { type Countdowns, formatCountdown } from '../clock';

/**
 * The open session: its room's name and period id, its fairness commitment (shown
 * while bets are taken), the two countdowns from the server clock, and the
 * balance in the chosen coin.
 */
export function SessionCard({
  session,
  roomName,
  clock,
  coin,
  balance,
}: {
  session: GameSession;
  /** In the reader's language (roomName.ts); the server's gameTitle is English. */
  roomName: string;
  clock: Countdowns;
  coin: string;
  balance: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="card session-card" aria-labelledby="game-session-title" data-testid="game-session">
      <div className="session-head">
        <h2 id="game-session-title" className="card-title session-title" data-testid="game-title">
          {/* One isolate: "10 s · 2026…" keeps its order inside a right-to-left page. */}
          <bdi>
            {roomName} ·{' '}
            <bdi className="ltr-number" data-testid="game-period">
              {session.periodId}
            </bdi>
          </bdi>
        </h2>
        <span className={`status ${clock.bettingOpen ? 'status-good' : 'status-wait'}`} data-testid="betting-state">
          {clock.bettingOpen ? t('game.bettingOpen') : t('game.bettingClosed')}
        </span>
      </div>
      <p className="session-line session-commitment" title={session.commitment}>
        <span className="muted">{t('verify.commitment')}</span> <bdi className="hash">{session.commitment}</bdi>
      </p>
      <div className="countdowns">
        <div className={`countdown ${clock.bettingOpen ? '' : 'countdown-off'}`.trim()}>
          <span className="countdown-label">{t('game.betCountdown')}</span>
          <span className="countdown-value" role="timer" data-testid="bet-countdown">
            {formatCountdown(clock.bet)}
          </span>
        </div>
        <div className="countdown">
          <span className="countdown-label">{t('game.drawCountdown')}</span>
          <span className="countdown-value" role="timer" data-testid="draw-countdown">
            {formatCountdown(clock.draw)}
          </span>
        </div>
      </div>
      <p className="session-line" data-testid="game-balance">
        <span className="muted">{t('game.balance')}</span>{' '}
        <strong className="ltr-number">
          {formatAmount(balance)} {coin}
        </strong>
      </p>
    </section>
  );
}

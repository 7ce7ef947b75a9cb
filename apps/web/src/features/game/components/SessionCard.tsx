import type { GameSession } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/money';
import { type Countdowns, formatCountdown } from '../clock';
import { splitTitle } from '../title';

/**
 * The open session: its title and period id, its fairness commitment (shown
 * while bets are taken), the two countdowns from the server clock, and the
 * balance in the chosen coin.
 */
export function SessionCard({
  session,
  clock,
  coin,
  balance,
}: {
  session: GameSession;
  clock: Countdowns;
  coin: string;
  balance: string | undefined;
}) {
  const { t } = useTranslation();
  const { prefix, periodInTitle } = splitTitle(session);
  const period = (
    <bdi className="ltr-number" data-testid="game-period">
      {session.periodId}
    </bdi>
  );
  return (
    <section className="card session-card" aria-labelledby="game-session-title" data-testid="game-session">
      <div className="session-head">
        <h2 id="game-session-title" className="card-title session-title" data-testid="game-title">
          {/* One isolate: "10 s · 2026…" keeps its order inside a right-to-left page. */}
          <bdi>
            {prefix}
            {periodInTitle && period}
          </bdi>
        </h2>
        <span className={`status ${clock.bettingOpen ? 'status-good' : 'status-wait'}`} data-testid="betting-state">
          {clock.bettingOpen ? t('game.bettingOpen') : t('game.bettingClosed')}
        </span>
      </div>
      {!periodInTitle && (
        <p className="session-line">
          <span className="muted">{t('game.period')}</span> {period}
        </p>
      )}
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

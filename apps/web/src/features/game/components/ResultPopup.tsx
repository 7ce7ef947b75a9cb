import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { useModalDialog } from '../../../components/useModalDialog';
import { formatAmount, formatSigned } from '../../../lib/money';
import { haptics } from '../../../lib/native';
import type { ResultPopup as Popup } from '../popup';
import { statusTone } from '../status';
import { Ball } from './Ball';
import { useBetLabel } from './BetBoard';

/**
 * The result of the latest session the user bet on: the number, its colours
 * and size, and the user's outcome. Any way of closing it acknowledges it.
 * Inside Telegram it arrives with a haptic notification (success on a win).
 */
export function ResultPopup({ popup, onAcknowledge }: { popup: Popup; onAcknowledge: () => void }) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const ref = useModalDialog(onAcknowledge);
  const { session, outcome } = popup;

  useEffect(() => {
    if (outcome === 'win') haptics.success();
    else haptics.warning();
  }, [outcome]);

  return (
    <dialog ref={ref} className="popup" aria-labelledby="result-popup-title" data-testid="result-popup">
      <div className="popup-body">
        <h2 id="result-popup-title" className="popup-title">
          {t('game.popup.title')} <bdi className="ltr-number">{session.periodId}</bdi>
        </h2>
        <div className="popup-result">
          <Ball result={session.lotteryResult} colours={session.colours} size="l" />
          {session.lotteryResult !== null && (
            <span className="popup-facts">
              {session.colours.map((colour) => t(`game.bet.${colour}`)).join(' · ')}
              {session.size && ` · ${t(`game.bet.${session.size}`)}`}
            </span>
          )}
        </div>
        <p className={`popup-outcome popup-${outcome}`} data-testid="result-popup-outcome">
          {t(`game.popup.${outcome}`)}
        </p>
        <dl className="popup-totals">
          {popup.totals.map((total) => (
            <div key={total.coin} className="popup-total">
              <div className="fact">
                <dt>{t('game.popup.staked')}</dt>
                <dd>
                  {formatAmount(total.staked)} {total.coin}
                </dd>
              </div>
              <div className="fact">
                <dt>{t('game.popup.income')}</dt>
                <dd>
                  {formatAmount(total.income)} {total.coin}
                </dd>
              </div>
              <div className="fact">
                <dt>{t('game.popup.profit')}</dt>
                <dd className={total.profit.startsWith('-') ? 'amount-down' : 'amount-up'} data-testid="result-popup-profit">
                  {formatSigned(total.profit)} {total.coin}
                </dd>
              </div>
            </div>
          ))}
        </dl>
        <h3 className="field-label">{t('game.popup.yourBets')}</h3>
        <ul className="popup-bets">
          {popup.bets.map((bet) => (
            <li key={bet.id} className="popup-bet">
              <span>
                {label(bet.betName)} <bdi className="ltr-number">×{bet.betMultiples}</bdi>
              </span>
              <StatusBadge tone={statusTone(bet.status)}>{t(`game.status.${bet.status}`)}</StatusBadge>
              <bdi className="ltr-number">
                {formatSigned(bet.profit)} {bet.coin}
              </bdi>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={() => ref.current?.close()} data-testid="result-popup-ok">
          {t('game.popup.ok')}
        </button>
      </div>
    </dialog>
  );
}

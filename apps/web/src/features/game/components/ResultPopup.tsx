import { betNet, type CoinNet, formatMoney } from '@prism/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { useModalDialog } from '../../../components/useModalDialog';
import { formatAmount, formatSigned, toMinor } from '../../../lib/money';
import { haptics } from '../../../lib/native';
import { useBetLabel } from '../betLabel';
import type { ResultPopup as Popup } from '../popup';
import { statusTone } from '../status';
import { Ball } from './Ball';

const netClass = (net: bigint) => (net < 0n ? 'amount-down' : net > 0n ? 'amount-up' : '');

/**
 * The result of the latest session the user bet on: the number, its colours
 * and size, and the session's net result per coin (won, lost or even by the
 * sign of payouts less stakes), then each bet with its stake, payout and net.
 * Any way of closing it acknowledges it. Inside Telegram it arrives with a
 * haptic notification: success only when no coin lost.
 */
export function ResultPopup({ popup, onAcknowledge }: { popup: Popup; onAcknowledge: () => void }) {
  const { t } = useTranslation();
  const ref = useModalDialog(onAcknowledge);
  const { session, nets } = popup;
  const gained = nets.some((net) => net.outcome === 'won') && !nets.some((net) => net.outcome === 'lost');

  useEffect(() => {
    if (gained) haptics.success();
    else haptics.warning();
  }, [gained]);

  return (
    <dialog ref={ref} className="popup" aria-labelledby="result-popup-title" data-testid="result-popup">
      <div className="popup-body">
        <h2 id="result-popup-title" className="popup-title">
          {t('game.popup.title')} <bdi className="ltr-number">{session.periodId}</bdi>
        </h2>
        <ResultFacts session={session} />
        <div data-testid="result-popup-outcome">
          {popup.void ? (
            <p className="popup-outcome popup-draw">{t('game.popup.void')}</p>
          ) : (
            nets.map((net) => <NetHeadline key={net.coin} net={net} />)
          )}
        </div>
        <CoinTotals nets={nets} />
        <h3 className="field-label">{t('game.popup.yourBets')}</h3>
        <BetLines bets={popup.bets} />
        <button type="button" className="btn btn-primary" onClick={() => ref.current?.close()} data-testid="result-popup-ok">
          {t('game.popup.ok')}
        </button>
      </div>
    </dialog>
  );
}

/** "You lost -491.20 CHIP": the word follows the net's sign, and the net itself is shown signed beside it. */
function NetHeadline({ net }: { net: CoinNet }) {
  const { t } = useTranslation();
  return (
    <p className={`popup-outcome popup-${net.outcome}`} data-testid="result-popup-net" data-outcome={net.outcome}>
      {t(`game.popup.${net.outcome}`)}{' '}
      <bdi className="ltr-number">
        {formatSigned(formatMoney(net.net))} {net.coin}
      </bdi>
    </p>
  );
}

/** The number drawn, with its colours and size. */
function ResultFacts({ session }: { session: Popup['session'] }) {
  const { t } = useTranslation();
  return (
    <div className="popup-result">
      <Ball result={session.lotteryResult} colours={session.colours} size="l" />
      {session.lotteryResult !== null && (
        <span className="popup-facts">
          {session.colours.map((colour) => t(`game.bet.${colour}`)).join(' · ')}
          {session.size && ` · ${t(`game.bet.${session.size}`)}`}
        </span>
      )}
    </div>
  );
}

/** Per coin: staked, paid back, net. */
function CoinTotals({ nets }: { nets: readonly CoinNet[] }) {
  const { t } = useTranslation();
  return (
    <dl className="popup-totals">
      {nets.map((net) => (
        <div key={net.coin} className="popup-total" data-testid="result-popup-total">
          <div className="fact">
            <dt>{t('game.popup.staked')}</dt>
            <dd className="ltr-number">
              {formatMoney(net.staked)} {net.coin}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('game.popup.income')}</dt>
            <dd className="ltr-number">
              {formatMoney(net.paid)} {net.coin}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('game.popup.net')}</dt>
            <dd className={`ltr-number ${netClass(net.net)}`.trim()} data-testid="result-popup-profit">
              {formatSigned(formatMoney(net.net))} {net.coin}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

/** Each of the user's bets in the session: the choice, its status, stake, payout and net. */
function BetLines({ bets }: { bets: Popup['bets'] }) {
  const { t } = useTranslation();
  const label = useBetLabel();
  return (
    <ul className="popup-bets">
      {bets.map((bet) => {
        const net = betNet({ coin: bet.coin, stake: toMinor(bet.totalBetAmount), payout: toMinor(bet.incomeAmount) });
        return (
          <li key={bet.id} className="popup-bet" data-testid="result-popup-bet">
            <span className="popup-bet-choice">
              {label(bet.betName)} <bdi className="ltr-number">×{bet.betMultiples}</bdi>
            </span>
            <StatusBadge tone={statusTone(bet.status)}>{t(`game.status.${bet.status}`)}</StatusBadge>
            <span className="popup-bet-figures">
              {t('game.popup.stake')} <bdi className="ltr-number">{formatAmount(bet.totalBetAmount)}</bdi> · {t('game.popup.payout')}{' '}
              <bdi className="ltr-number">{formatAmount(bet.incomeAmount)}</bdi>
            </span>
            <bdi className={`ltr-number popup-bet-net ${netClass(net)}`.trim()} data-testid="result-popup-bet-net">
              {formatSigned(formatMoney(net))} {bet.coin}
            </bdi>
          </li>
        );
      })}
    </ul>
  );
}

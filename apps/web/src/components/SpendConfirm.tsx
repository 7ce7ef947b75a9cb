import '../styles/wallet.css';
import { balanceAfter, formatMoney, moneyDirection } from '@prism/domain';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toSignedMinor } from '../lib/money';
import { haptics, useMainButton, useSecondaryButton } from '../lib/native';
import { useUserInfo } from '../lib/userInfo';
import { coinBalanceOf } from '../lib/wallet';
import { SignedAmount } from './MoneyText';
import { Sheet } from './Sheet';
import { type Spend, type SpendAsk, type SpendAsked, useSpendAsk } from './spendAsk';

export type { Spend } from './spendAsk';

/**
 * The amount, the balance and the balance after (balance minus amount), per
 * coin: every confirmation of a spend shows these three lines, whether it is
 * this component's sheet or a screen that already is a confirmation.
 */
export function SpendSummary({ spend, testId = 'spend-summary' }: { spend: Spend; testId?: string }) {
  const { t } = useTranslation();
  // Not known yet (user info still loading): say so rather than count from zero.
  if (spend.balance === undefined) return <PendingSummary spend={spend} testId={testId} />;
  const balance = toSignedMinor(spend.balance);
  const after = balanceAfter(balance, spend.amount);
  return (
    <dl className="preview spend-summary" data-testid={testId}>
      <AmountFact spend={spend} />
      <div className="fact">
        <dt>{t('spend.balance')}</dt>
        <dd dir="ltr" data-testid="spend-balance">
          {formatMoney(balance)} {spend.coin}
        </dd>
      </div>
      <div className="fact">
        <dt>{t('spend.after')}</dt>
        <dd className={moneyDirection(after) === 'out' ? 'amount-down' : undefined}>
          <span dir="ltr" data-testid="spend-after">
            {formatMoney(after)} {spend.coin}
          </span>
          {after < 0n && (
            <span className="field-error spend-short" role="alert">
              {t('spend.short', { amount: formatMoney(-after), coin: spend.coin })}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The amount a spend takes, as money out. */
function AmountFact({ spend }: { spend: Spend }) {
  const { t } = useTranslation();
  return (
    <div className="fact">
      <dt>{t('spend.amount')}</dt>
      <dd>
        <SignedAmount value={formatMoney(-spend.amount)} coin={spend.coin} className="spend-amount" testId="spend-amount" />
      </dd>
    </div>
  );
}

/** The summary while the balance is on its way: the amount, and the balance shown as loading. */
function PendingSummary({ spend, testId }: { spend: Spend; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="preview spend-summary" data-testid={testId} aria-busy="true">
      <AmountFact spend={spend} />
      <div className="fact">
        <dt>{t('spend.balance')}</dt>
        <dd data-testid="spend-balance">…</dd>
      </div>
    </dl>
  );
}

/**
 * The spend with the balance as the server last sent it: a sheet opened before user info arrived
 * (a quick tap on a fresh page) fills in when it does, instead of counting from a balance of zero.
 */
function useLiveSpend(spend: Spend): Spend {
  const user = useUserInfo();
  return { ...spend, balance: coinBalanceOf(user.data, spend.coin) ?? spend.balance };
}

/**
 * Confirmation before every spend (docs/decisions.md, "What a player sees before money moves"): `ask(spend, what, onConfirm)`
 * opens a sheet with the amount and the balance after; Confirm runs
 * `onConfirm`, Cancel (or closing) spends nothing. Inside Telegram, Confirm and
 * Cancel are the MainButton and SecondaryButton (the app's pattern for primary
 * actions); the form's own ConfirmButton steps aside meanwhile (`open`).
 */
export function useSpendConfirm(): { ask: SpendAsk['ask']; open: boolean; sheet: ReactNode } {
  const { ask, asked, open, close } = useSpendAsk();
  const sheet = asked ? <SpendConfirmSheet asked={asked} onClose={close} /> : null;
  return { ask, open, sheet };
}

/** The confirmation sheet of one asked spend (useSpendAsk's `asked`); closing it spends nothing. */
export function SpendConfirmSheet({ asked, onClose }: { asked: SpendAsked; onClose: () => void }) {
  const { t } = useTranslation();
  const spend = useLiveSpend(asked.spend);
  // One confirmation per sheet: a double tap on Confirm spends once.
  const done = useRef(false);
  const confirm = () => {
    if (done.current) return;
    done.current = true;
    haptics.impact();
    onClose();
    asked.onConfirm();
  };
  const label = t('spend.confirm', { amount: formatMoney(spend.amount), coin: spend.coin });
  // Confirm waits while the balance is unknown, and when a known balance cannot pay (the summary says how much is missing).
  const waiting = spend.balance === undefined || balanceAfter(toSignedMinor(spend.balance), spend.amount) < 0n;
  const native = useMainButton({ text: label, enabled: !waiting, onClick: confirm });
  useSecondaryButton(t('spend.cancel'), onClose);
  return (
    <Sheet title={t('spend.title')} onClose={onClose} testId="spend-confirm">
      <p data-testid="spend-what">{asked.what}</p>
      <SpendSummary spend={spend} />
      {!native && (
        <div className="spend-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="spend-cancel">
            {t('spend.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={waiting} data-testid="spend-ok">
            {label}
          </button>
        </div>
      )}
    </Sheet>
  );
}

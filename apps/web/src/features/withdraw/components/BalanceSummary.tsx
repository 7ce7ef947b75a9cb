import type { TurnoverLock, WalletCurrency } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/MoneyText';
import { formatAmount } from '../../../lib/money';

/**
 * The balance of the currency and the part of it that can be withdrawn now;
 * when the turnover rule holds some of it back, how much and the bets still needed.
 */
export function BalanceSummary({
  currency,
  balance,
  withdrawable,
  lock,
}: {
  currency: WalletCurrency;
  balance: string;
  withdrawable: string;
  lock: TurnoverLock | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="card balances-grid" aria-label={t('withdraw.balances')}>
      <MoneyText
        label={`${t('withdraw.balance')} ${currency}`}
        value={balance}
        asset={currency}
        testId="withdraw-balance"
        className="balance"
      />
      <MoneyText
        label={t('withdraw.withdrawable')}
        value={withdrawable}
        asset={currency}
        testId="withdraw-withdrawable"
        className="balance"
      />
      {lock && (
        <p className="muted balances-note" data-testid="withdraw-turnover">
          {t('withdraw.turnoverNeeded', { locked: formatAmount(lock.locked), needed: formatAmount(lock.needed), currency })}
        </p>
      )}
    </section>
  );
}

import type { WalletCurrency } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/MoneyText';

/** The balance of the currency and the part of it that can be withdrawn now. */
export function BalanceSummary({ currency, balance, withdrawable }: { currency: WalletCurrency; balance: string; withdrawable: string }) {
  const { t } = useTranslation();
  return (
    <section className="card balances-grid" aria-label={t('withdraw.balances')}>
      <MoneyText label={`${t('withdraw.balance')} ${currency}`} value={balance} testId="withdraw-balance" className="balance" />
      <MoneyText label={t('withdraw.withdrawable')} value={withdrawable} testId="withdraw-withdrawable" className="balance" />
    </section>
  );
}

import type { WalletCurrency, WithdrawBreakdownView } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/MoneyText';
import { RewardsRule } from '../../../components/RewardsRule';
import { formatAmount, toMinor } from '../../../lib/money';

/**
 * The balance of the currency and what makes it up, as the server computed it
 * (withdrawBreakdown): the free part, which can be withdrawn now, and the part
 * the turnover rule holds with the bets still needed; the two add up to the
 * balance. When the rule counts more than the balance it says so, since that
 * is why money arriving (rewards included) is held; and the rewards' rule.
 */
export function BalanceSummary({ currency, breakdown }: { currency: WalletCurrency; breakdown: WithdrawBreakdownView }) {
  const { t } = useTranslation();
  const held = toMinor(breakdown.heldByTurnover) > 0n;
  const beyond = toMinor(breakdown.lockBeyondBalance) > 0n;
  const money = (value: string) => `${formatAmount(value)} ${currency}`;
  return (
    <section className="card balances-grid" aria-label={t('withdraw.balances')}>
      <MoneyText
        label={`${t('withdraw.balance')} ${currency}`}
        value={breakdown.balance}
        asset={currency}
        testId="withdraw-balance"
        className="balance"
      />
      <MoneyText
        label={t('withdraw.withdrawable')}
        value={breakdown.withdrawable}
        asset={currency}
        testId="withdraw-withdrawable"
        className="balance"
      />
      <dl className="facts balances-note" data-testid="withdraw-breakdown" aria-label={t('withdraw.breakdown')}>
        <div className="fact" data-testid="withdraw-part-free">
          <dt>{t('withdraw.free')}</dt>
          <dd dir="ltr">{money(breakdown.withdrawable)}</dd>
        </div>
        <div className="fact" data-testid="withdraw-part-turnover">
          <dt>{t('withdraw.heldByTurnover')}</dt>
          <dd dir="ltr">{money(breakdown.heldByTurnover)}</dd>
        </div>
        <div className="fact" data-testid="withdraw-part-total">
          <dt>{t('withdraw.balance')}</dt>
          <dd dir="ltr">{money(breakdown.balance)}</dd>
        </div>
      </dl>
      {(held || beyond) && (
        <p className="muted balances-note" data-testid="withdraw-turnover">
          {t('withdraw.betsNeeded', { needed: formatAmount(breakdown.betsNeeded), currency })}
        </p>
      )}
      {beyond && (
        <p className="muted balances-note" data-testid="withdraw-lock-beyond">
          {t('withdraw.lockBeyond', { beyond: formatAmount(breakdown.lockBeyondBalance), currency })}
        </p>
      )}
      <RewardsRule testId="withdraw-rewards-rule" />
    </section>
  );
}

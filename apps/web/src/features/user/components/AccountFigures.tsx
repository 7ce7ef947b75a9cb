import type { UserInfo } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Stat } from '../../../components/Stat';
import { formatAmount } from '../../../lib/money';

/**
 * The Personal tab's figures from getUserInfo: today's bets and winnings, all
 * bets, and yesterday's team commission (days turn at 00:00 in the platform's zone).
 */
export function AccountFigures({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t('account.figures')}>
      <div className="stats-grid">
        <Stat label={t('account.todayBets')} value={formatAmount(user.todayBetAmount)} testId="account-today-bets" />
        <Stat label={t('account.todayWin')} value={formatAmount(user.todayWin)} testId="account-today-win" />
        <Stat label={t('account.totalBets')} value={formatAmount(user.totalBetAmount)} testId="account-total-bets" />
        <Stat
          label={t('account.yesterdayCommission')}
          value={formatAmount(user.yesterdayCommission)}
          testId="account-yesterday-commission"
        />
      </div>
    </section>
  );
}

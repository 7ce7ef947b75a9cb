import { outcomeOfNet, type UserInfo } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Stat } from '../../../components/Stat';
import { formatAmount, formatSigned, toSignedMinor } from '../../../lib/money';

const toneOf = { won: 'up', lost: 'down', even: undefined } as const;

/**
 * The Personal tab's figures from getUserInfo: today's bets and net result, all
 * bets, and yesterday's team commission (days turn at 00:00 in the platform's zone).
 * todayWin is payouts less stakes of the day's settled bets: a net, so it is named
 * by its sign (won / lost today), shown signed and coloured, never as "winnings".
 */
export function AccountFigures({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const todayOutcome = outcomeOfNet(toSignedMinor(user.todayWin));
  return (
    <section className="card" aria-label={t('account.figures')}>
      <div className="stats-grid">
        <Stat label={t('account.todayBets')} value={formatAmount(user.todayBetAmount)} testId="account-today-bets" />
        <Stat
          label={t(`account.todayNet.${todayOutcome}`)}
          value={formatSigned(user.todayWin)}
          tone={toneOf[todayOutcome]}
          testId="account-today-win"
        />
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

import { routes, type UserInfo } from '@prism/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../components/AppIcon';
import { Avatar } from '../../../components/Avatar';
import { formatAmount } from '../../../lib/money';
import { useNavigation } from '../../../lib/navigation';
import { withdrawableOf } from '../../../lib/wallet';
import { displayName } from '../displayName';

/**
 * The Personal tab's card: the account balance (CASH) or, toggled, the
 * withdrawable balance, to 2 decimals, with USDT beside it; `children` are the wallet actions.
 */
export function AccountCard({ user, children }: { user: UserInfo; children?: ReactNode }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const [showWithdraw, setShowWithdraw] = useState(false);
  const label = showWithdraw ? t('account.withdrawBalance') : t('account.accountBalance');
  const cash = formatAmount(showWithdraw ? withdrawableOf(user, 'CASH') : user.cash);
  const usdt = formatAmount(showWithdraw ? withdrawableOf(user, 'USDT') : user.usdtBalance);
  return (
    <section className="card account-card" aria-label={label}>
      <div className="account-card-head">
        <Avatar src={user.headUrl || undefined} name={displayName(user)} size="m" />
        <div className="account-card-who">
          <p className="account-card-name">{displayName(user)}</p>
          <button type="button" className="link-button muted" onClick={() => navigateTo(routes.levels)} data-testid="account-level">
            {t('account.level')} {user.levelName}
          </button>
        </div>
      </div>
      <div className="account-balances">
        <div className="account-balance" data-testid="account-balance">
          <span className="money-label">{label}</span>{' '}
          <strong className="account-balance-value">
            {cash} <span className="account-coin">CASH</span>
          </strong>
        </div>
        <div className="account-balance account-balance-usdt" data-testid="account-usdt">
          <span className="money-label">USDT</span> <strong className="account-usdt-value">{usdt}</strong>
        </div>
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-pressed={showWithdraw}
        onClick={() => setShowWithdraw((value) => !value)}
        data-testid="switch-balance"
      >
        <AppIcon name="swap" /> {t('account.switchBalance')}
      </button>
      {children}
    </section>
  );
}

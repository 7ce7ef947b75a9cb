import { type FixedDeposit, routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Fact } from '../../../components/Fact';
import { PagedList } from '../../../components/PagedList';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/datetime';
import { useNavigation } from '../../../lib/navigation';
import { useDeposits } from '../api/fixedDeposit';

/** Fixed deposit: open a new one; the holdings with term, rate and interest accrued; transfer out of a holding. */
export function DepositScreen() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const deposits = useDeposits();
  return (
    <div className="stack">
      <p className="muted">{t('deposit.rules')}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigateTo(routes.depositForm)} data-testid="deposit-new">
        {t('deposit.open')}
      </button>
      <Card title={t('deposit.holdings')}>
        <PagedList query={deposits} empty={t('deposit.empty')} label={t('deposit.holdings')} testId="deposit-list">
          {(deposit) => <DepositRow deposit={deposit} onOut={() => navigateTo(`${routes.depositOutForm}?id=${deposit.id}`)} />}
        </PagedList>
      </Card>
    </div>
  );
}

function DepositRow({ deposit, onOut }: { deposit: FixedDeposit; onOut: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="stack" data-testid="deposit-row">
      <div className="record">
        <span className="record-title">{deposit.name}</span>
        <StatusBadge tone={deposit.status === 'holding' ? 'wait' : 'good'} testId="deposit-status">
          {t(`deposit.status.${deposit.status}`)}
        </StatusBadge>
      </div>
      <dl className="facts">
        <Fact label={t('deposit.term')} value={t('followInvest.daysValue', { count: deposit.days })} />
        <Fact label={t('deposit.rate')} value={deposit.annualRate} />
        <Fact label={t('deposit.principal')} value={`${deposit.principal} ${deposit.coin}`} testId="deposit-principal" />
        <Fact label={t('deposit.transferred')} value={deposit.transferredOut} testId="deposit-transferred" />
        <Fact label={t('deposit.interest')} value={deposit.interest} testId="deposit-interest" />
        <Fact label={t('deposit.daily')} value={deposit.dailyInterest} />
        <Fact label={t('deposit.ends')} value={formatDateTime(deposit.endDateTime)} />
      </dl>
      {deposit.status === 'holding' && (
        <button type="button" className="btn btn-ghost" onClick={onOut} data-testid="deposit-out">
          {t('deposit.transferOut')}
        </button>
      )}
    </div>
  );
}

import type { AdvisorOrder } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Fact } from '../../../components/Fact';
import { PagedList } from '../../../components/PagedList';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/datetime';
import { useFollowInvestOrders } from '../api/followInvest';

/** My follow-invest orders: blogger, staking, gift and income amounts, days, time and deadline; paged until 'no more data'. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const orders = useFollowInvestOrders();
  return (
    <Card title={t('followInvest.myOrders')}>
      <PagedList query={orders} empty={t('followInvest.noOrders')} label={t('followInvest.myOrders')} testId="follow-orders">
        {(order) => <OrderRow order={order} />}
      </PagedList>
    </Card>
  );
}

function OrderRow({ order }: { order: AdvisorOrder }) {
  const { t } = useTranslation();
  return (
    <div className="stack" data-testid="follow-order">
      <div className="record">
        <span className="record-title">{order.blogger}</span>
        <StatusBadge tone={order.status === 'holding' ? 'wait' : 'good'} testId="follow-order-status">
          {t(`followInvest.status.${order.status}`)}
        </StatusBadge>
      </div>
      <dl className="facts">
        <Fact label={t('followInvest.staking')} value={`${order.stakingAmount} ${order.coin}`} testId="follow-order-staking" />
        <Fact label={t('followInvest.gift')} value={order.giftAmount} />
        <Fact label={t('followInvest.income')} value={order.incomeAmount} testId="follow-order-income" />
        <Fact label={t('followInvest.days')} value={t('followInvest.daysValue', { count: order.days })} />
        <Fact label={t('followInvest.fee', { rate: '10.00%' })} value={order.managementFee} />
        <Fact label={t('followInvest.maturity')} value={order.maturityAmount} />
        <Fact label={t('followInvest.time')} value={formatDateTime(order.createDateTime)} />
        <Fact label={t('followInvest.deadline')} value={formatDateTime(order.deadline)} />
      </dl>
    </div>
  );
}

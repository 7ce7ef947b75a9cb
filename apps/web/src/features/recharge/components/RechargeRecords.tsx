import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { PagedList } from '../../../components/PagedList';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/datetime';
import { formatAmount } from '../../../lib/money';
import { useRechargeTasks } from '../api/rechargeTasks';
import { rechargeTone } from '../status';

/** The user's CASH orders and USDT deposits, newest first, with their states. */
export function RechargeRecords() {
  const { t } = useTranslation();
  const tasks = useRechargeTasks();
  return (
    <Card title={t('recharge.records')}>
      <PagedList query={tasks} empty={t('recharge.noRecords')} label={t('recharge.records')} testId="recharge-records">
        {(task) => (
          <div className="record">
            <div className="record-main">
              <span className="record-title">
                {task.kind === 'cash'
                  ? t('recharge.cashOrder', { channel: task.channel })
                  : t('recharge.usdtDepositOn', { network: task.channel })}
              </span>
              <span className="muted record-ref">{task.orderNo}</span>
              <span className="muted">{formatDateTime(task.createDateTime)}</span>
            </div>
            <div className="record-side">
              <strong className="record-amount">
                {formatAmount(task.amount)} {task.currency}
              </strong>
              <StatusBadge tone={rechargeTone(task.status)}>{t(`recharge.status.${task.status}`)}</StatusBadge>
            </div>
          </div>
        )}
      </PagedList>
    </Card>
  );
}

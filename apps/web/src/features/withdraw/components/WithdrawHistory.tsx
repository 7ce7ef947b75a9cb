import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { SignedAmount } from '../../../components/MoneyText';
import { PagedList } from '../../../components/PagedList';
import { StatusBadge } from '../../../components/StatusBadge';
import { isolate } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/datetime';
import { useWithdrawals } from '../api/withdrawals';
import { withdrawalTone } from '../status';

/** The user's withdrawals, newest first, with status and the operator's reason for a rejection. */
export function WithdrawHistory() {
  const { t } = useTranslation();
  const list = useWithdrawals();
  return (
    <Card title={t('withdraw.history')}>
      <PagedList query={list} empty={t('withdraw.noHistory')} label={t('withdraw.history')} testId="withdraw-history">
        {(item) => (
          <div className="record">
            <div className="record-main">
              <span className="record-title">
                {item.channel === 'bank' ? '' : `${item.channel} · `}
                <span dir="ltr" className="record-destination">
                  {item.destination}
                </span>
              </span>
              <span className="muted record-ref">{item.orderNo}</span>
              <span className="muted">{formatDateTime(item.createDateTime)}</span>
              {item.status === 'rejected' && item.reason && (
                <span className="record-reason">{t('withdraw.reason', { reason: isolate(item.reason) })}</span>
              )}
            </div>
            <div className="record-side">
              {/* Money out, unless the withdrawal was rejected and its amount returned. */}
              <SignedAmount value={item.amount} coin={item.currency} direction={item.status === 'rejected' ? 'none' : 'out'} />
              <StatusBadge tone={withdrawalTone(item.status)}>{t(`withdraw.status.${item.status}`)}</StatusBadge>
            </div>
          </div>
        )}
      </PagedList>
    </Card>
  );
}

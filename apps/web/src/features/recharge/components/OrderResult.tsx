import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { MoneyText } from '../../../components/MoneyText';
import { QueryView } from '../../../components/QueryView';
import '../../../lib/messages';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatAmount } from '../../../lib/money';
import { queryKeys } from '../../../lib/queryClient';
import { useRechargeOrder } from '../api/rechargeTasks';
import { rechargeTone } from '../status';

/**
 * Back from the payment page (?orderNo=): the order's status (asked again
 * while it is pending) and, once it settles, the balance as it is now.
 */
export function OrderResult({ orderNo, cashBalance }: { orderNo: string; cashBalance: string | undefined }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('msg');
  const order = useRechargeOrder(orderNo);
  const queryClient = useQueryClient();
  const status = order.data?.status;

  useEffect(() => {
    // Settled: the balance and the lists have changed.
    if (status && status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.rechargeTasks, 'list'] });
    }
  }, [status, queryClient]);

  return (
    <Card title={t('recharge.orderTitle')} className="order-result">
      <QueryView query={order}>
        {(found) =>
          found ? (
            <div className="stack" data-testid="order-result">
              <div className="row-line">
                <span className="muted">{t('recharge.orderNo', { orderNo: found.orderNo })}</span>
                <StatusBadge tone={rechargeTone(found.status)} testId="order-status">
                  {t(`recharge.status.${found.status}`)}
                </StatusBadge>
              </div>
              <p className="order-amount">
                {formatAmount(found.amount)} {found.currency}
              </p>
              <p className="muted">
                {t(
                  `recharge.statusNote.${found.status === 'paid' || found.status === 'failed' || found.status === 'amount_mismatch' || found.status === 'over_limit' ? found.status : 'pending'}`,
                )}
              </p>
              <MoneyText label={t('recharge.newBalance')} value={cashBalance} asset="CASH" testId="order-balance" className="balance" />
            </div>
          ) : (
            <p className="muted">{tm('ORDER_NOT_FOUND')}</p>
          )
        }
      </QueryView>
    </Card>
  );
}

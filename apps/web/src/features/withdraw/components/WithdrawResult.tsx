import type { WithdrawalView } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { StatusBadge } from '../../../components/StatusBadge';
import { isolate } from '../../../lib/bidi';
import { formatAmount } from '../../../lib/money';
import { withdrawalTone } from '../status';

/** The withdrawal just made: its status (a pending one awaits review) and what arrives. */
export function WithdrawResult({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { t } = useTranslation();
  const { currency } = withdrawal;
  return (
    <Card title={t('withdraw.resultTitle')} className="withdraw-result">
      <div className="stack" data-testid="withdraw-result" aria-live="polite">
        <div className="row-line">
          <span className="muted">{withdrawal.orderNo}</span>
          <StatusBadge tone={withdrawalTone(withdrawal.status)} testId="withdraw-result-status">
            {t(`withdraw.status.${withdrawal.status}`)}
          </StatusBadge>
        </div>
        <p>
          {withdrawal.status === 'paid'
            ? t('withdraw.resultPaid', { receive: formatAmount(withdrawal.receive), currency })
            : withdrawal.status === 'rejected'
              ? t('withdraw.resultRejected', { reason: isolate(withdrawal.reason) })
              : t('withdraw.resultPending')}
        </p>
        <dl className="facts">
          <div className="fact">
            <dt>{t('withdraw.amount')}</dt>
            <dd>
              {formatAmount(withdrawal.amount)} {currency}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('withdraw.fee')}</dt>
            <dd>
              {formatAmount(withdrawal.fee)} {currency}
            </dd>
          </div>
          <div className="fact">
            <dt>{t('withdraw.receive')}</dt>
            <dd>
              {formatAmount(withdrawal.receive)} {currency}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

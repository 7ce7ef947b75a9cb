import type { PowerHolding } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { StatusBadge } from '../../../components/StatusBadge';

/** The user's holdings, newest first: kind, power, term and what they paid so far. */
export function Holdings({ holdings }: { holdings: PowerHolding[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('power.holdings')}>
      {holdings.length === 0 ? (
        <EmptyState message={t('power.noHoldings')} />
      ) : (
        holdings.map((holding) => (
          <div key={holding.id} className="record" data-testid="power-holding">
            <div className="record-main">
              <span className="record-title">
                {holding.name} · {t(`power.kind.${holding.kind}`)}
              </span>
              <span className="muted" dir="ltr">
                {holding.startDay} → {holding.endDay} · {holding.dailyRate}
              </span>
              <span className="muted">
                {t('power.paidSoFar', { income: holding.incomeTotal, fee: holding.feeTotal, coin: holding.coin })}
              </span>
            </div>
            <div className="record-side">
              <strong className="record-amount" dir="ltr">
                {holding.power}
              </strong>
              <StatusBadge tone={holding.status === 'active' ? 'good' : 'wait'}>{t(`power.status.${holding.status}`)}</StatusBadge>
            </div>
          </div>
        ))
      )}
    </Card>
  );
}

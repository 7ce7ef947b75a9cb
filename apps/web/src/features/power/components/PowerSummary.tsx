import { routes, type UserPower } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { useNavigation } from '../../../lib/navigation';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="stat">
      <span className="muted">{label}</span>
      <span className="stat-value" dir="ltr" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** My power by kind (basic, gift, hierarchical, personal total), income so far, and the way to gifts and records. */
export function PowerSummary({ power }: { power: UserPower }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  return (
    <Card title={t('power.mine')}>
      <div className="stats-grid">
        <Stat label={t('power.basic')} value={power.basicPower} testId="power-basic" />
        <Stat label={t('power.gift')} value={power.giftPower} testId="power-gift" />
        <Stat label={t('power.hierarchical')} value={power.hierarchicalPower} testId="power-hierarchical" />
        <Stat label={t('power.personal')} value={power.personalPower} testId="power-personal" />
        <Stat label={t('power.incomeTotal')} value={power.incomeTotal} testId="power-income-total" />
      </div>
      <p className="muted">{t('power.hierarchicalRule')}</p>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => navigateTo(routes.givenPower)}
          data-testid="power-give-link"
        >
          {t('power.giveTitle')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => navigateTo(routes.powerRecords)}
          data-testid="power-records-link"
        >
          {t('power.records')}
        </button>
      </div>
    </Card>
  );
}

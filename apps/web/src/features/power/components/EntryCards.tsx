import { routes } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { useNavigation } from '../../../lib/navigation';

/** The advisor follow-invest page (its own feature; the path follows the specification's style). */
const FOLLOW_INVEST = '/pages/followInvest/followInvest';

/** The other earning products: advisor follow-invest and fixed deposit. */
export function EntryCards() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  return (
    <Card title={t('power.more')}>
      <div className="button-row">
        <button type="button" className="btn btn-ghost" onClick={() => navigateTo(FOLLOW_INVEST)} data-testid="entry-follow-invest">
          {t('power.followInvest')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => navigateTo(routes.deposit)} data-testid="entry-deposit">
          {t('power.deposit')}
        </button>
      </div>
    </Card>
  );
}

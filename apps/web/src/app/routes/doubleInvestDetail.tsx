import '../../styles/wallet.css';
import '../../styles/power.css';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { QueryView } from '../../components/QueryView';
import { findSession, usePowerCategories } from '../../features/power/api/power';
import { BuyPackage } from '../../features/power/components/BuyPackage';
import type { PageProps } from '../../lib/query';
import { useUserInfo } from '../../lib/userInfo';

/** Task detail (`?id=` the package): its terms and the purchase confirmation. */
export default function DoubleInvestDetailPage({ query }: PageProps) {
  const { t } = useTranslation();
  const categories = usePowerCategories();
  const user = useUserInfo();
  return (
    <div className="stack">
      <QueryView query={categories}>
        {(data) => {
          const session = findSession(data, Number(query.id));
          return session ? <BuyPackage session={session} info={user.data} /> : <EmptyState message={t('power.noPackage')} />;
        }}
      </QueryView>
    </div>
  );
}

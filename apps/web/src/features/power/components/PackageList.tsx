import { type PowerCategory, routes } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { Tabs } from '../../../components/Tabs';
import { useNavigation } from '../../../lib/navigation';
import { PackageFacts } from './PackageFacts';

/** Packages by category (one tab each); Buy opens the package's page, which asks for confirmation. */
export function PackageList({ categories }: { categories: PowerCategory[] }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const [chosen, setChosen] = useState(String(categories[0]?.cateId ?? ''));
  if (categories.length === 0) return <EmptyState message={t('power.noPackages')} />;
  const category = categories.find((c) => String(c.cateId) === chosen) ?? categories[0];
  const items = categories.map((c) => ({ key: String(c.cateId), label: c.cateName }));
  return (
    <Card title={t('power.packages')}>
      <Tabs label={t('power.packages')} items={items} value={chosen} onChange={setChosen}>
        <div className="stack" data-testid="power-packages">
          {category?.list.map((session) => (
            <article key={session.id} className="card" data-testid="power-package">
              <h3 className="record-title">{session.name}</h3>
              <PackageFacts session={session} />
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => navigateTo(`${routes.doubleInvestDetail}?id=${session.id}`)}
                data-testid={`power-buy-${session.id}`}
              >
                {t('power.buy')}
              </button>
            </article>
          ))}
        </div>
      </Tabs>
    </Card>
  );
}

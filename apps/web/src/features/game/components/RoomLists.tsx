import { routes } from '@prism/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { useNavigation } from '../../../lib/navigation';
import type { RoomFeed } from '../useRoomFeed';
import { HistoryList } from './HistoryList';
import { RecordList } from './RecordList';
import { TrendChart } from './TrendChart';

type ListTab = 'history' | 'records' | 'trend';

/** Past history (the default tab, each row verifiable), the user's records of the room and the trend chart. */
export function RoomLists({ level, results, records }: { level: number } & Pick<RoomFeed, 'results' | 'records'>) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const [tab, setTab] = useState<ListTab>('history');
  const verify = useCallback((periodId: string) => navigateTo(`${routes.gameVerify}?periodId=${periodId}`), [navigateTo]);
  return (
    <section className="card">
      <Tabs
        label={t('game.tabs')}
        items={[
          { key: 'history', label: t('game.pastHistory') },
          { key: 'records', label: t('game.myRecords') },
          { key: 'trend', label: t('trend.title') },
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'history' && <HistoryList query={results} onVerify={verify} />}
        {tab === 'records' && <RecordList query={records} />}
        {tab === 'trend' && (
          <TrendChart level={level} headId={results.data?.pages[0]?.content[0]?.id} onVerify={() => navigateTo(routes.gameVerify)} />
        )}
      </Tabs>
    </section>
  );
}

/**
 * How results are chosen, in one line, and the way to the verify screen. `beacon` is the open
 * session's: with the local beacon the line says the operator could know results early.
 */
export function FairCard({ beacon }: { beacon?: string | undefined }) {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  return (
    <section className="card fair-card">
      <p className="muted" data-testid="fair-short">
        {t(beacon === 'local' ? 'game.fairShortLocal' : 'game.fairShort')}
      </p>
      <button type="button" className="btn-link fair-link" onClick={() => navigateTo(routes.gameVerify)} data-testid="how-results">
        {t('game.howResults')}
      </button>
    </section>
  );
}

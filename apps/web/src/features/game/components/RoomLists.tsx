import { routes } from '@prism/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { useNavigation } from '../../../lib/navigation';
import type { RoomFeed } from '../useRoomFeed';
import { HistoryList } from './HistoryList';
import { RecordList } from './RecordList';

type ListTab = 'history' | 'records';

/** Past history (the default tab, each row verifiable) and the user's records of the room. */
export function RoomLists({ results, records }: Pick<RoomFeed, 'results' | 'records'>) {
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
        ]}
        value={tab}
        onChange={setTab}
      >
        {tab === 'history' ? <HistoryList query={results} onVerify={verify} /> : <RecordList query={records} />}
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

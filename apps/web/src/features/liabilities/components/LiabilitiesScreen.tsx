import type { LiabilitiesSnapshotView } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { Fact } from '../../../components/Fact';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime } from '../../../lib/datetime';
import { formatAmount } from '../../../lib/money';
import { useLiabilities } from '../api/liabilities';
import { MyInclusion } from './MyInclusion';

/** Public proof of liabilities (docs/liabilities.md): per coin what the platform owes and what is in flight, and the player's own inclusion. */
export function LiabilitiesScreen() {
  const { t } = useTranslation();
  const latest = useLiabilities();
  return (
    <div className="stack" data-testid="liabilities-screen">
      <p className="field-hint">{t('liabilities.intro')}</p>
      <QueryView query={latest}>
        {(snapshot) =>
          snapshot ? (
            <>
              <TotalsCard snapshot={snapshot} />
              <SnapshotCard snapshot={snapshot} />
              <MyInclusion snapshotId={snapshot.id} publishedRoot={snapshot.root} />
            </>
          ) : (
            <EmptyState message={t('liabilities.empty')} />
          )
        }
      </QueryView>
      <p className="muted">{t('liabilities.notReserves')}</p>
    </div>
  );
}

function TotalsCard({ snapshot }: { snapshot: LiabilitiesSnapshotView }) {
  const { t } = useTranslation();
  return (
    <Card title={t('liabilities.totals')}>
      <table className="rates" data-testid="liabilities-totals">
        <thead>
          <tr>
            <th scope="col">{t('liabilities.coin')}</th>
            <th scope="col">{t('liabilities.owed')}</th>
            <th scope="col">{t('liabilities.inFlight')}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.coins.map((coin) => (
            <tr key={coin.coin} data-testid={`liabilities-coin-${coin.coin}`}>
              <th scope="row">{coin.coin}</th>
              <td dir="ltr">{formatAmount(coin.owed)}</td>
              <td dir="ltr">{formatAmount(coin.inFlight)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('liabilities.inFlightHint')}</p>
    </Card>
  );
}

function SnapshotCard({ snapshot }: { snapshot: LiabilitiesSnapshotView }) {
  const { t } = useTranslation();
  const check = snapshot.ledgerCheck;
  return (
    <Card title={t('liabilities.snapshot')}>
      <dl className="facts">
        <Fact label={t('liabilities.takenAt')} value={formatDateTime(snapshot.takenAt)} testId="liabilities-taken-at" />
        <Fact label={t('liabilities.players')} value={String(snapshot.players)} />
        <Fact label={t('liabilities.checkedAt')} value={formatDateTime(check.at)} />
      </dl>
      <p data-testid="liabilities-check">
        {check.ok ? t('liabilities.checkOk', { transfers: check.transfers }) : t('liabilities.checkFailed')}
      </p>
      <p className="field-hint">{t('liabilities.root')}</p>
      <p className="address" data-testid="liabilities-root">
        {snapshot.root}
      </p>
    </Card>
  );
}

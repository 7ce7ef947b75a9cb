import { ASSETS, type Asset } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/MoneyText';
import { PagedList } from '../../../components/PagedList';
import { formatDateTime } from '../../../lib/datetime';
import { useAssetRecords } from '../api/assetRecords';
import { recordTypeOf } from '../recordType';

/** /pages/assetRecords/assetRecords: every movement, newest first, filtered by coin, loaded page by page. */
export function AssetRecordsScreen() {
  const { t } = useTranslation();
  const [coin, setCoin] = useState<Asset>();
  const records = useAssetRecords(coin);
  const filters: { key: Asset | undefined; label: string }[] = [
    { key: undefined, label: t('records.all') },
    ...ASSETS.map((asset) => ({ key: asset, label: asset })),
  ];
  return (
    <div className="stack">
      <fieldset className="chips">
        <legend className="visually-hidden">{t('records.filter')}</legend>
        {filters.map((filter) => (
          <button
            key={filter.label}
            type="button"
            className="chip"
            aria-pressed={coin === filter.key}
            onClick={() => setCoin(filter.key)}
            data-testid={`records-filter-${filter.key ?? 'ALL'}`}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>
      <section className="card">
        <PagedList query={records} empty={t('records.empty')} label={t('titles.assetRecords')} testId="asset-records">
          {(record) => {
            return (
              <div className="record" data-testid="asset-record">
                <div className="record-main">
                  <span className="record-title">{t(`records.types.${recordTypeOf(record.type)}`)}</span>
                  <span className="muted">{formatDateTime(record.createDateTime)}</span>
                </div>
                <div className="record-side">
                  <SignedAmount value={record.amount} coin={record.coin} testId="asset-record-amount" />
                </div>
              </div>
            );
          }}
        </PagedList>
      </section>
    </div>
  );
}

import type { PowerRecord } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { SignedAmount } from '../../../components/MoneyText';
import { PagedList } from '../../../components/PagedList';
import { formatDateTime } from '../../../lib/datetime';
import { usePowerRecords } from '../api/power';

/** Power records (powerTypeDesc, incrAmount, createDateTime), 20 a page until 'no more data'. */
export function PowerRecords() {
  const { t } = useTranslation();
  const records = usePowerRecords();
  return (
    <Card title={t('power.records')}>
      <PagedList query={records} empty={t('power.noRecords')} label={t('power.records')} testId="power-records">
        {(record) => <RecordRow record={record} />}
      </PagedList>
    </Card>
  );
}

function RecordRow({ record }: { record: PowerRecord }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="power-record">
      <div className="record-main">
        <span className="record-title">{t(`power.recordType.${record.powerType}`)}</span>
        {record.counterparty && (
          <span className="muted" dir="ltr">
            {record.counterparty}
          </span>
        )}
        <span className="muted">{formatDateTime(record.createDateTime)}</span>
      </div>
      <div className="record-side">
        <SignedAmount value={record.incrAmount} testId="power-record-amount" />
      </div>
    </div>
  );
}

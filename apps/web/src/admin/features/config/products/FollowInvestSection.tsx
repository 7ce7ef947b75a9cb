import { ASSETS } from '@prism/domain';
import type { Column } from '../../../components/DataTable';
import type { FieldSpec } from '../shared/formState';
import { RowsEditor } from '../shared/RowsEditor';
import { type AdvisorProductRow, advisorKey, saveAdvisor, useAdvisors } from './api';

const FIELDS: readonly FieldSpec[] = [
  { name: 'advisorName', label: 'Advisor' },
  { name: 'avatarUrl', label: 'Picture URL' },
  { name: 'coin', label: 'Coin', kind: 'select', options: ASSETS },
  { name: 'price', label: 'Minimum stake' },
  { name: 'days', label: 'Term (days)', kind: 'number' },
  { name: 'dailyRate', label: 'Daily rate (%)', hint: 'e.g. 0.80' },
  { name: 'giftRate', label: 'Bonus at order (%)' },
  { name: 'availableUntil', label: 'Ordered until', hint: 'ISO time, or "none"' },
  { name: 'sort', label: 'Order', kind: 'number' },
  { name: 'enabled', label: 'On sale', kind: 'checkbox' },
];

const COLUMNS: Column<AdvisorProductRow>[] = [
  { id: 'name', header: 'Advisor', cell: (p) => p.advisorName },
  { id: 'price', header: 'Minimum', cell: (p) => `${p.price} ${p.coin}`, numeric: true },
  { id: 'days', header: 'Term', cell: (p) => `${p.days} d`, numeric: true },
  { id: 'rate', header: 'Daily rate', cell: (p) => p.dailyRate, numeric: true },
  { id: 'total', header: 'Total return', cell: (p) => p.totalReturnRate, numeric: true },
  { id: 'on', header: 'On sale', cell: (p) => (p.enabled ? 'Yes' : 'No') },
];

/** Follow-invest (advisor) products; running orders keep the terms they were placed with. */
export function FollowInvestSection() {
  return (
    <RowsEditor
      title="Follow-invest products"
      query={useAdvisors()}
      queryKey={advisorKey}
      columns={COLUMNS}
      fields={FIELDS}
      save={saveAdvisor}
    />
  );
}

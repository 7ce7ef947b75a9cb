import { ASSETS } from '@prism/domain';
import type { Column } from '../../../components/DataTable';
import type { FieldSpec } from '../shared/formState';
import { RowsEditor } from '../shared/RowsEditor';
import { type DepositProductRow, depositKey, saveDeposit, useDeposits } from './api';

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Name' },
  { name: 'coin', label: 'Coin', kind: 'select', options: ASSETS },
  { name: 'days', label: 'Term (days)', kind: 'number' },
  { name: 'annualRate', label: 'Annual rate (%)', hint: 'e.g. 5.00' },
  { name: 'minAmount', label: 'Minimum amount' },
  { name: 'sort', label: 'Order', kind: 'number' },
  { name: 'enabled', label: 'On sale', kind: 'checkbox' },
];

const COLUMNS: Column<DepositProductRow>[] = [
  { id: 'name', header: 'Term', cell: (p) => p.name },
  { id: 'days', header: 'Days', cell: (p) => p.days, numeric: true },
  { id: 'rate', header: 'Annual rate', cell: (p) => p.annualRate, numeric: true },
  { id: 'min', header: 'Minimum', cell: (p) => `${p.minAmount} ${p.coin}`, numeric: true },
  { id: 'net', header: 'Net return', cell: (p) => p.netReturnRate, numeric: true },
  { id: 'on', header: 'On sale', cell: (p) => (p.enabled ? 'Yes' : 'No') },
];

/** Fixed-deposit terms; open deposits keep the terms they were opened with. */
export function FixedDepositSection() {
  return (
    <RowsEditor
      title="Fixed-deposit products"
      query={useDeposits()}
      queryKey={depositKey}
      columns={COLUMNS}
      fields={FIELDS}
      save={saveDeposit}
    />
  );
}

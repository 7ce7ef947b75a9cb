import { ASSETS } from '@prism/domain';
import type { Column } from '../../../components/DataTable';
import type { FieldSpec } from '../shared/formState';
import { RowsEditor } from '../shared/RowsEditor';
import { type PowerPackage, powerKey, savePower, usePower } from './api';

// POST powerSessions takes the whole package each time, so every field is sent.
const FIELDS: readonly FieldSpec[] = [
  { name: 'cateId', label: 'Category number', kind: 'number', always: true },
  { name: 'cateName', label: 'Category name', always: true },
  { name: 'name', label: 'Name', always: true },
  { name: 'coin', label: 'Coin', kind: 'select', options: ASSETS, always: true },
  { name: 'price', label: 'Price', always: true },
  { name: 'power', label: 'Power', always: true },
  { name: 'termDays', label: 'Term (days)', kind: 'number', always: true },
  { name: 'dailyRateBps', label: 'Daily rate (basis points)', kind: 'number', always: true },
  { name: 'feeBps', label: 'Daily fee (basis points)', kind: 'number', always: true },
  { name: 'dailyLimit', label: 'Purchases per user per day', kind: 'number', always: true },
  { name: 'sort', label: 'Order', kind: 'number', always: true },
  { name: 'enabled', label: 'On sale', kind: 'checkbox', always: true },
];

const COLUMNS: Column<PowerPackage>[] = [
  { id: 'name', header: 'Package', cell: (p) => `${p.cateName} · ${p.name}` },
  { id: 'price', header: 'Price', cell: (p) => `${p.price} ${p.coin}`, numeric: true },
  { id: 'term', header: 'Term', cell: (p) => `${p.termDays} d`, numeric: true },
  { id: 'rate', header: 'Daily rate', cell: (p) => p.dailyRate, numeric: true },
  { id: 'net', header: 'Net return', cell: (p) => p.netReturnRate, numeric: true },
  { id: 'on', header: 'On sale', cell: (p) => (p.enabled ? 'Yes' : 'No') },
];

/** Power packages of the task platform. */
export function PowerSection() {
  return <RowsEditor title="Power packages" query={usePower()} queryKey={powerKey} columns={COLUMNS} fields={FIELDS} save={savePower} />;
}

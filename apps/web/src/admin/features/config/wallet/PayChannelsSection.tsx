import { WALLET_CURRENCIES } from '@prism/domain';
import type { Column } from '../../../components/DataTable';
import type { FieldSpec } from '../shared/formState';
import { RowsEditor } from '../shared/RowsEditor';
import { type PayChannelRow, payChannelsKey, savePayChannel, usePayChannelList, usePayChannels } from './payChannels';

const COLUMNS: Column<PayChannelRow>[] = [
  { id: 'name', header: 'Channel', cell: (r) => r.payChannelName },
  { id: 'show', header: 'Shown as', cell: (r) => r.showName },
  { id: 'gateway', header: 'Gateway', cell: (r) => (r.gatewayAvailable ? r.gateway : `${r.gateway} (not on this server)`) },
  { id: 'currency', header: 'Currency', cell: (r) => r.currency },
  { id: 'on', header: 'Offered', cell: (r) => (r.enabled && r.gatewayAvailable ? 'Yes' : 'No') },
  { id: 'sort', header: 'Order', cell: (r) => r.sort, numeric: true },
];

/** Pay channels (finance): which gateways players are offered for a CASH recharge, in which order. */
export function PayChannelsSection() {
  const channels = usePayChannels();
  const fields: readonly FieldSpec[] = [
    { name: 'payChannelName', label: 'Channel name', hint: 'Letters, digits, - and _; it cannot be renamed', always: true },
    { name: 'showName', label: 'Shown to players as' },
    { name: 'gateway', label: 'Gateway', kind: 'select', options: channels.data?.gateways ?? [] },
    { name: 'currency', label: 'Currency', kind: 'select', options: WALLET_CURRENCIES },
    { name: 'enabled', label: 'Offered to players', kind: 'checkbox' },
    { name: 'sort', label: 'Order in the list' },
  ];
  const list = usePayChannelList();
  return <RowsEditor title="Pay channels" query={list} queryKey={payChannelsKey} columns={COLUMNS} fields={fields} save={savePayChannel} />;
}

import { type Column, DataTable } from '../../../components/DataTable';
import { ConfigForm } from '../shared/ConfigForm';
import type { FieldSpec } from '../shared/formState';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { type BroadcastRow, broadcastsKey, createBroadcast, useBroadcasts } from './api';
import { deliveryProgress } from './progress';

const FIELDS: readonly FieldSpec[] = [
  { name: 'title', label: 'Title' },
  { name: 'text', label: 'Message', kind: 'textarea', hint: 'Sent to every user’s inbox and linked Telegram chat' },
];

const COLUMNS: Column<BroadcastRow>[] = [
  { id: 'at', header: 'Sent', cell: (b) => new Date(b.createDateTime).toLocaleString() },
  { id: 'title', header: 'Title', cell: (b) => b.title },
  { id: 'by', header: 'By', cell: (b) => b.createdBy },
  { id: 'users', header: 'Inboxes', cell: (b) => b.recipients, numeric: true },
  { id: 'status', header: 'Status', cell: (b) => b.status },
  { id: 'progress', header: 'Telegram', cell: (b) => deliveryProgress(b.telegram) },
];

/** Notices to every user, with their delivery progress (read again every few seconds while delivering). */
export function BroadcastsSection() {
  const broadcasts = useBroadcasts();
  const refresh = useSaveAndRefresh(broadcastsKey);
  return (
    <section aria-labelledby="broadcasts-title">
      <h2 id="broadcasts-title">Broadcasts</h2>
      <ConfigForm
        title="New broadcast"
        fields={FIELDS}
        save={(body) => refresh(() => createBroadcast(body))}
        submitLabel="Send to everyone"
      />
      <QueryState isLoading={broadcasts.isLoading} error={broadcasts.error} />
      <DataTable caption="Broadcasts" columns={COLUMNS} rows={broadcasts.data?.content} rowKey={(b) => b.id} empty="No broadcasts yet" />
    </section>
  );
}

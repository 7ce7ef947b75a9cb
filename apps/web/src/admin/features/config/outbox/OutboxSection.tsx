import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { QueryState } from '../shared/QueryState';
import { type OutboxKind, type OutboxRow, useOutbox } from './api';

const COLUMNS: Column<OutboxRow>[] = [
  { id: 'at', header: 'At', cell: (m) => new Date(m.createdAt).toLocaleString() },
  {
    id: 'to',
    header: 'To',
    cell: (m) => (m.phone ? `+${m.areaCode ?? ''} ${m.phone}` : `chat ${m.chatId ?? '—'} (user ${m.userId ?? '—'})`),
  },
  { id: 'what', header: 'What', cell: (m) => m.purpose ?? m.kind ?? '' },
  { id: 'status', header: 'Status', cell: (m) => m.status ?? '' },
  { id: 'text', header: 'Text', cell: (m) => m.text },
];

/**
 * The sandbox outbox: SMS the sandbox kept instead of sending, and the bot's messages. Operators
 * without outbox.read get the server's 403, shown here (the shell hides the link for them).
 */
export function OutboxSection() {
  const [kind, setKind] = useState<OutboxKind>('sms');
  const outbox = useOutbox(kind);
  return (
    <section aria-labelledby="outbox-title">
      <h2 id="outbox-title">Sandbox outbox</h2>
      <div role="tablist" aria-label="Outbox">
        {(['sms', 'bot'] as const).map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === kind} onClick={() => setKind(k)}>
            {k === 'sms' ? 'SMS' : 'Telegram bot'}
          </button>
        ))}
      </div>
      <QueryState isLoading={outbox.isLoading} error={outbox.error} />
      <DataTable caption="Latest messages" columns={COLUMNS} rows={outbox.data} rowKey={(m) => m.id} empty="Nothing sent yet" />
    </section>
  );
}

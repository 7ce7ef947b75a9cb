import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { ConfigForm } from '../shared/ConfigForm';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { type AdminRoom, type GameChain, roomsKey, saveRoom, useChains, useRooms } from './api';
import { ROOM_FIELDS, roomFormRow } from './roomFields';

/** The newest chain of a room: its sessions' fairness commitment, and how much of it is left. */
function fairness(room: AdminRoom, chains: GameChain[] | undefined): string {
  const chain = chains?.find((c) => c.level === room.level);
  if (!chain) return chains ? 'No chain yet' : '…';
  return `${chain.used} / ${chain.length} used`;
}

function roomColumns(chains: GameChain[] | undefined, edit: (level: number) => void): Column<AdminRoom>[] {
  return [
    { id: 'level', header: 'Room', cell: (r) => r.level, numeric: true },
    { id: 'name', header: 'Name', cell: (r) => r.levelName },
    { id: 'open', header: 'Open', cell: (r) => (r.enableFlag ? 'Yes' : 'No') },
    { id: 'timing', header: 'Session', cell: (r) => `${r.sessionSeconds} s (closes ${r.betCloseSeconds} s before)` },
    { id: 'fee', header: 'Fee', cell: (r) => `${r.feeBps / 100}%`, numeric: true },
    { id: 'chain', header: 'Fairness chain', cell: (r) => fairness(r, chains) },
    {
      id: 'edit',
      header: '',
      cell: (r) => (
        <button type="button" onClick={() => edit(r.level)}>
          Edit
        </button>
      ),
    },
  ];
}

/** Rooms: their timing, bets, fee and whether players may enter; new rooms; each room's seed chain. */
export function RoomsSection() {
  const rooms = useRooms();
  const chains = useChains();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const refresh = useSaveAndRefresh(roomsKey);
  const room = rooms.data?.find((r) => r.level === editing);
  return (
    <section aria-labelledby="rooms-title">
      <h2 id="rooms-title">Rooms</h2>
      <QueryState isLoading={rooms.isLoading} error={rooms.error} />
      <DataTable
        caption="Rooms"
        columns={roomColumns(chains.data, setEditing)}
        rows={rooms.data}
        rowKey={(r) => r.level}
        empty="No rooms"
      />
      <button type="button" onClick={() => setEditing('new')}>
        New room
      </button>
      {room || editing === 'new' ? (
        <ConfigForm
          key={String(editing)}
          title={room ? `Room ${room.level}` : 'New room'}
          fields={ROOM_FIELDS}
          row={room && roomFormRow(room)}
          save={(body) => refresh(() => saveRoom(body))}
          onReload={() => void rooms.refetch()}
        />
      ) : null}
    </section>
  );
}

import { countOf } from '@prism/domain';
import { type Column, DataTable } from '../../../components/DataTable';
import type { PerCoin, RoomFigures } from '../api';
import { percentOfBps, rtpGap } from '../format';

const figureColumns: Column<PerCoin>[] = [
  { id: 'coin', header: 'Coin', cell: (r) => r.coin },
  { id: 'recharges', header: 'Recharges', cell: (r) => r.recharges, numeric: true },
  { id: 'withdrawals', header: 'Withdrawals paid', cell: (r) => r.withdrawals, numeric: true },
  { id: 'netFlow', header: 'Net flow', cell: (r) => r.netFlow, numeric: true },
  { id: 'bets', header: 'Bets (stake)', cell: (r) => r.bets, numeric: true },
  { id: 'payouts', header: 'Payouts', cell: (r) => r.payouts, numeric: true },
  { id: 'fees', header: 'Fees', cell: (r) => r.fees, numeric: true },
  { id: 'houseResult', header: 'House result', cell: (r) => r.houseResult, numeric: true },
];

/** Per coin: money in and out, bets, payouts, fees and the house result, for a day or a window. */
export function PerCoinTable({ caption, rows }: { caption: string; rows: readonly PerCoin[] | undefined }) {
  return <DataTable caption={caption} columns={figureColumns} rows={rows} rowKey={(r) => r.coin} empty="No money moved" />;
}

const roomColumns: Column<RoomFigures>[] = [
  { id: 'room', header: 'Room', cell: (r) => `${r.room} · ${r.name}` },
  { id: 'coin', header: 'Coin', cell: (r) => r.coin },
  { id: 'bets', header: 'Bets', cell: (r) => r.bets.toLocaleString('en-US'), numeric: true },
  { id: 'stake', header: 'Stake', cell: (r) => r.stake, numeric: true },
  { id: 'payout', header: 'Payouts', cell: (r) => r.payout, numeric: true },
  { id: 'configured', header: 'Configured RTP (Big/Small)', cell: (r) => percentOfBps(r.configuredRtpBps), numeric: true },
  { id: 'realised', header: 'Realised RTP', cell: (r) => percentOfBps(r.realisedRtpBps), numeric: true },
  { id: 'gap', header: 'Difference', cell: (r) => rtpGap(r.realisedRtpBps, r.configuredRtpBps), numeric: true },
];

/** Realised return to player per room (payouts over stakes) beside the configured one. */
export function RoomsTable({ rows, days }: { rows: readonly RoomFigures[] | undefined; days: number }) {
  return (
    <DataTable
      caption={`Return to player per room, last ${countOf(days, 'day', 'days')}`}
      columns={roomColumns}
      rows={rows}
      rowKey={(r) => `${r.room}-${r.coin}`}
      empty="No rooms"
    />
  );
}

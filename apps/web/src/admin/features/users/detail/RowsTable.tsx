import { useMemo } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { columnsOf, labelOf, rowsOf, textOf } from '../present';

type Row = Record<string, unknown>;

/** Any list the user API answers (balances, sessions, ledger entries, bets), its plain fields as columns. */
export function RowsTable({ caption, answer, empty }: { caption: string; answer: unknown; empty: string }) {
  const rows = answer === undefined ? undefined : rowsOf(answer);
  const columns = useMemo<Column<Row>[]>(
    () => columnsOf(rows ?? []).map((key) => ({ id: key, header: labelOf(key), cell: (row: Row) => textOf(row[key]) })),
    [rows],
  );
  return (
    <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => String(row.id ?? JSON.stringify(row))} empty={empty} />
  );
}

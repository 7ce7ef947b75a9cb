import { createColumnHelper, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';

/** One column of a console table: a header and how to draw a row's cell. */
export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

interface DataTableProps<Row extends RowData> {
  /** Read by screen readers: what the table lists. */
  caption: string;
  columns: readonly Column<Row>[];
  /** undefined while loading. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** Shown when the list is empty. */
  empty: string;
  error?: string | undefined;
}

const features = tableFeatures({});

/**
 * The console's one table: headless @tanstack/react-table for the model, our own semantic markup
 * (caption, th scope) for accessibility, with loading, empty and error states.
 */
export function DataTable<Row extends RowData>({ caption, columns, rows, rowKey, empty, error }: DataTableProps<Row>) {
  const helper = createColumnHelper<typeof features, Row>();
  const tableColumns = useMemo(
    () => helper.columns(columns.map((column) => helper.display({ id: column.id, header: column.header }))),
    [columns, helper],
  );
  const data = useMemo(() => [...(rows ?? [])], [rows]);
  const table = useTable({ features, columns: tableColumns, data, getRowId: (row) => String(rowKey(row)) });
  const byId = new Map(columns.map((column) => [column.id, column]));
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={rows === undefined}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const column = byId.get(cell.column.id);
                return (
                  <td key={cell.id} className={column?.numeric ? 'num' : undefined}>
                    {column?.cell(row.original)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p role="alert" className="admin-error">
          {error}
        </p>
      ) : rows === undefined ? (
        <p className="admin-muted">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : null}
    </div>
  );
}

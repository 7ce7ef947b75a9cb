import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/DataTable';
import { ConfigForm } from './ConfigForm';
import type { FieldSpec } from './formState';
import { QueryState } from './QueryState';
import { useSaveAndRefresh } from './useRefresh';

type EditableRow = Record<string, unknown> & { id: number; updatedAt: string };

interface RowsEditorProps<Row extends EditableRow> {
  title: string;
  query: UseQueryResult<Row[]>;
  queryKey: readonly unknown[];
  columns: Column<Row>[];
  fields: readonly FieldSpec[];
  /** The row under the form's field names, when they differ from the list's. */
  formRow?: (row: Row) => Record<string, unknown> & { updatedAt: string };
  save: (body: Record<string, string>) => Promise<unknown>;
  /** Whether new rows can be added here. */
  creatable?: boolean;
}

/** A list of rows with an Edit button each and one form (edit a row, or add one). */
export function RowsEditor<Row extends EditableRow>(props: RowsEditorProps<Row>) {
  const { title, query, queryKey, columns, fields, formRow, save, creatable = true } = props;
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const refresh = useSaveAndRefresh(queryKey);
  const row = query.data?.find((r) => r.id === editing);
  const editColumn: Column<Row> = {
    id: 'edit',
    header: '',
    cell: (r) => (
      <button type="button" onClick={() => setEditing(r.id)}>
        Edit
      </button>
    ),
  };
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <QueryState isLoading={query.isLoading} error={query.error} />
      <DataTable caption={title} columns={[...columns, editColumn]} rows={query.data} rowKey={(r) => r.id} empty="Nothing yet" />
      {creatable ? (
        <button type="button" onClick={() => setEditing('new')}>
          Add
        </button>
      ) : null}
      {row || editing === 'new' ? (
        <ConfigForm
          key={String(editing)}
          title={row ? `Edit #${row.id}` : 'New'}
          fields={fields}
          row={row && (formRow ? formRow(row) : row)}
          fixed={row ? { id: String(row.id) } : undefined}
          save={(body) => refresh(() => save(body))}
          onReload={() => void query.refetch()}
        />
      ) : null}
    </section>
  );
}

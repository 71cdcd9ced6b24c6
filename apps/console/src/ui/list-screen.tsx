import { useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { Subject } from '@vigil/domain';
import { useSignedIn } from '../session/session';
import { confirmDelete, type DeleteConfirm, type DeleteMutation } from './confirm-delete';
import { DataTable, type DataTableProps } from './data-table/data-table';
import { PageHeader } from './page-header';
import { RowActions } from './row-actions';

/** A row of a list screen: found by its id, named by its name unless `labels.row` says otherwise. */
type Row = { id: string; name: string };

/** The table's props the screen passes on: `columns` must stay stable (a module constant or memoised). */
type TableProps<T> = Pick<DataTableProps<T>, 'api' | 'columns' | 'stateKey' | 'csv' | 'defaultHiddenColumns'>;

export type CrudListScreenProps<T extends Row> = TableProps<T> & {
  /** The screen's h1. */
  title: string;
  /** The line under the title. */
  description: ReactNode;
  /** More buttons beside the title, e.g. Import CSV. */
  headerActions?: ReactNode;
  /** The search placeholder, the Add button, the empty list, and a row's name in its buttons (default its name). */
  labels: { search: string; add: string; empty: string; row?: (row: T) => string };
  /** Add and Edit need `update` on the subject, Delete needs `delete` and, when given, `deletable(row)`. */
  permissions: { subject: Subject; deletable?: (row: T) => boolean };
  /** The api's delete mutation for a row. */
  remove: DeleteMutation;
  /** What the delete confirmation asks. */
  deleteConfirm: DeleteConfirm<T>;
  /** The add (row null) or edit form modal; `close` ends it. */
  form: (row: T | null, close: () => void) => ReactNode;
  /** More modals of the screen, shown after the form. */
  children?: ReactNode;
};

/**
 * SPEC §2.8: a screen of one list with Add, and Edit and Delete on each row, each offered only to
 * roles that may use it; Delete asks first.
 */
export function CrudListScreen<T extends Row>(props: CrudListScreenProps<T>) {
  const {
    title,
    description,
    headerActions,
    labels,
    permissions,
    remove,
    deleteConfirm,
    form,
    children,
    ...table
  } = props;
  const { ability } = useSignedIn();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const mayUpdate = ability.can('update', permissions.subject);
  const mayDelete = ability.can('delete', permissions.subject);
  const deletable = (row: T) => mayDelete && (permissions.deletable?.(row) ?? true);

  return (
    <Stack>
      <PageHeader title={title} description={description} actions={headerActions} />
      <DataTable<T>
        {...table}
        searchPlaceholder={labels.search}
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel={labels.add}
        emptyText={labels.empty}
        rowActions={(row) => (
          <RowActions
            name={labels.row?.(row) ?? row.name}
            onEdit={mayUpdate ? () => setEditing(row) : undefined}
            onDelete={deletable(row) ? () => void confirmDelete(row, remove, deleteConfirm) : undefined}
          />
        )}
      />
      {editing && form(editing === 'new' ? null : editing, () => setEditing(null))}
      {children}
    </Stack>
  );
}

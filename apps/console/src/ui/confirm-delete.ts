import { confirmAction } from './confirm';
import { notifyListError } from './data-table/list-errors';

/** A delete mutation of a list (the api's `useDelete…()`), called with the row's id. */
export type DeleteMutation = {
  mutate: (id: string, options: { onError: (error: unknown) => void }) => void;
};

/** The confirm dialog's title and its question about one row. */
export type DeleteConfirm<T> = { title: string; message: (row: T) => string };

/**
 * Asks before deleting a row (every destructive action confirms), then deletes it; a refusal shows
 * SPEC §8's 'Sorry, could not delete: <reason>.' as a notification.
 */
export async function confirmDelete<T extends { id: string }>(
  row: T,
  remove: DeleteMutation,
  { title, message }: DeleteConfirm<T>,
) {
  const ok = await confirmAction({ title, message: message(row), confirmLabel: 'Delete', danger: true });
  if (ok) remove.mutate(row.id, { onError: (err) => notifyListError('delete', err) });
}

import { useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { User } from '@vigil/domain';
import { USERS_API, useDeleteUser } from '../../api/users';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { UserFormModal } from './user-form-modal';

/** Settings › Users (issue 4): list, create, edit and delete the organisation's users. */
export function UsersScreen() {
  const { ability, me } = useSignedIn();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const mayUpdate = ability.can('update', 'User');
  const mayDelete = ability.can('delete', 'User');

  const columns = useMemo<ColumnDef<User>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
      { id: 'email', header: 'E-mail', accessorKey: 'email', enableSorting: true },
      { id: 'role', header: 'Role', accessorKey: 'role', enableSorting: true },
      { id: 'zone', header: 'Zone', accessorFn: (u) => u.zone.name, enableSorting: false },
    ],
    [],
  );

  async function deleteUser(user: User) {
    const ok = await confirmAction({
      title: 'Delete user',
      message: `Delete ${user.name} (${user.email})? They will be signed out everywhere.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(user.id, { onError: (err) => notifyListError('delete', err) });
  }

  return (
    <Stack>
      <PageHeader title="Users" description="People who sign in to this console, and the role each holds." />
      <DataTable<User>
        api={USERS_API}
        columns={columns}
        stateKey="users"
        searchPlaceholder="Search by name or e-mail"
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel="Add user"
        emptyText="No users match"
        csv={{
          filename: 'users',
          columns: [
            { header: 'Name', value: (u) => u.name },
            { header: 'E-mail', value: (u) => u.email },
            { header: 'Role', value: (u) => u.role },
            { header: 'Zone', value: (u) => u.zone.name },
          ],
        }}
        rowActions={(user) => (
          <RowActions
            name={user.name}
            onEdit={mayUpdate ? () => setEditing(user) : undefined}
            onDelete={mayDelete && user.id !== me.id ? () => void deleteUser(user) : undefined}
          />
        )}
      />
      {editing && (
        <UserFormModal user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

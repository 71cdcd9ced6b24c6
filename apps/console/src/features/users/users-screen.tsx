import type { ColumnDef } from '@tanstack/react-table';
import type { User } from '@vigil/domain';
import { USERS_API, useDeleteUser } from '../../api/users';
import { useSignedIn } from '../../session/session';
import type { CsvSpec } from '../../ui/data-table/csv';
import { CrudListScreen } from '../../ui/list-screen';
import { UserFormModal } from './user-form-modal';

const COLUMNS: ColumnDef<User>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
  { id: 'email', header: 'E-mail', accessorKey: 'email', enableSorting: true },
  { id: 'role', header: 'Role', accessorKey: 'role', enableSorting: true },
  { id: 'zone', header: 'Zone', accessorFn: (u) => u.zone.name, enableSorting: false },
];

const CSV: CsvSpec<User> = {
  filename: 'users',
  columns: [
    { header: 'Name', value: (u) => u.name },
    { header: 'E-mail', value: (u) => u.email },
    { header: 'Role', value: (u) => u.role },
    { header: 'Zone', value: (u) => u.zone.name },
  ],
};

/** Settings › Users: list, create, edit and delete the organisation's users; no one deletes themselves. */
export function UsersScreen() {
  const { me } = useSignedIn();
  return (
    <CrudListScreen<User>
      title="Users"
      description="People who sign in to this console, and the role each holds."
      api={USERS_API}
      columns={COLUMNS}
      stateKey="users"
      csv={CSV}
      labels={{ search: 'Search by name or e-mail', add: 'Add user', empty: 'No users match' }}
      permissions={{ subject: 'User', deletable: (user) => user.id !== me.id }}
      remove={useDeleteUser()}
      deleteConfirm={{
        title: 'Delete user',
        message: (user) => `Delete ${user.name} (${user.email})? They will be signed out everywhere.`,
      }}
      form={(user, close) => <UserFormModal user={user} onClose={close} />}
    />
  );
}

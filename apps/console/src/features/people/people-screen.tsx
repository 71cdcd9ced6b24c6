import { useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSeePersonEmail, type Person } from '@vigil/domain';
import { PEOPLE_API, useDeletePerson } from '../../api/people';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import type { CsvSpec } from '../../ui/data-table/csv';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { PeopleImportModal } from './people-import-modal';
import { PersonFormModal } from './person-form-modal';

/**
 * Settings › People (SPEC §2.1 /people, §3 Person): the staff who carry tags. The e-mail shows only
 * to the roles SPEC §6 lets see it; the server leaves it out for everyone else.
 */
export function PeopleScreen() {
  const { ability, me } = useSignedIn();
  const remove = useDeletePerson();
  const [editing, setEditing] = useState<Person | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const mayUpdate = ability.can('update', 'Person');
  const mayDelete = ability.can('delete', 'Person');
  const showEmail = canSeePersonEmail(me.role);

  const columns = useMemo<ColumnDef<Person>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
      { id: 'personId', header: 'Person ID', accessorKey: 'personId', enableSorting: true },
      ...(showEmail
        ? [{ id: 'email', header: 'E-mail', accessorFn: (p: Person) => p.contacts.email ?? '' }]
        : []),
      { id: 'location', header: 'Location', accessorFn: (p) => p.locationPath ?? '', enableSorting: true },
      { id: 'isRemote', header: 'Remote', accessorFn: (p) => (p.isRemote ? 'Yes' : 'No') },
    ],
    [showEmail],
  );

  const csv = useMemo<CsvSpec<Person>>(
    () => ({
      filename: 'people',
      columns: [
        { header: 'name', value: (p) => p.name },
        { header: 'personID', value: (p) => p.personId },
        ...(showEmail ? [{ header: 'email', value: (p: Person) => p.contacts.email }] : []),
        { header: 'location', value: (p) => p.locationPath },
      ],
    }),
    [showEmail],
  );

  async function deletePerson(person: Person) {
    const ok = await confirmAction({
      title: 'Delete person',
      message: `Delete ${person.name} (${person.personId})?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(person.id, { onError: (err) => notifyListError('delete', err) });
  }

  return (
    <Stack>
      <PageHeader
        title="People"
        description="Staff who carry tags. Import a CSV file with name and personID columns to add or update many at once."
        actions={
          mayUpdate && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
            >
              Import CSV
            </Button>
          )
        }
      />
      <DataTable<Person>
        api={PEOPLE_API}
        columns={columns}
        stateKey="people"
        searchPlaceholder={showEmail ? 'Search by name, person ID or e-mail' : 'Search by name or person ID'}
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel="Add person"
        emptyText="No people match"
        csv={csv}
        defaultHiddenColumns={['isRemote']}
        rowActions={(person) => (
          <RowActions
            name={person.name}
            onEdit={mayUpdate ? () => setEditing(person) : undefined}
            onDelete={mayDelete ? () => void deletePerson(person) : undefined}
          />
        )}
      />
      {editing && (
        <PersonFormModal
          person={editing === 'new' ? null : editing}
          showEmail={showEmail}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <PeopleImportModal onClose={() => setImporting(false)} />}
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSeePersonEmail, type Person } from '@vigil/domain';
import { PEOPLE_API, useDeletePerson } from '../../api/people';
import { useSignedIn } from '../../session/session';
import type { CsvSpec } from '../../ui/data-table/csv';
import { CrudListScreen } from '../../ui/list-screen';
import { PeopleImportModal } from './people-import-modal';
import { PersonFormModal } from './person-form-modal';

/**
 * Settings › People (SPEC §2.1 /people, §3 Person): the staff who carry tags. The e-mail shows only
 * to the roles SPEC §6 lets see it; the server leaves it out for everyone else.
 */
export function PeopleScreen() {
  const { ability, me } = useSignedIn();
  const [importing, setImporting] = useState(false);
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

  return (
    <CrudListScreen<Person>
      title="People"
      description="Staff who carry tags. Import a CSV file with name and personID columns to add or update many at once."
      headerActions={
        ability.can('update', 'Person') && (
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
        )
      }
      api={PEOPLE_API}
      columns={columns}
      stateKey="people"
      csv={csv}
      defaultHiddenColumns={['isRemote']}
      labels={{
        search: showEmail ? 'Search by name, person ID or e-mail' : 'Search by name or person ID',
        add: 'Add person',
        empty: 'No people match',
      }}
      permissions={{ subject: 'Person' }}
      remove={useDeletePerson()}
      deleteConfirm={{
        title: 'Delete person',
        message: (person) => `Delete ${person.name} (${person.personId})?`,
      }}
      form={(person, close) => <PersonFormModal person={person} showEmail={showEmail} onClose={close} />}
    >
      {importing && <PeopleImportModal onClose={() => setImporting(false)} />}
    </CrudListScreen>
  );
}

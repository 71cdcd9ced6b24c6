import { useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Console } from '@vigil/domain';
import { CONSOLES_API } from '../../api/consoles';
import { useSignedIn } from '../../session/session';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';
import { ConsoleSnapshotsModal } from './console-snapshots-modal';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** Devices › Consoles (SPEC §3 Console): each browser running the console, and what it last reported. */
export function ConsolesScreen() {
  const { ability } = useSignedIn();
  const [browsing, setBrowsing] = useState<Console | null>(null);
  const mayRead = ability.can('read', 'Console');

  const columns = useMemo<ColumnDef<Console>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
      { id: 'href', header: 'Page', accessorFn: (c) => c.heartbeat?.href ?? '' },
      { id: 'user', header: 'User', accessorFn: (c) => c.heartbeat?.user.name ?? '' },
      { id: 'pwa', header: 'Installed app', accessorFn: (c) => (c.heartbeat?.pwa ? 'Yes' : 'No') },
      {
        id: 'heartbeat.updatedAt',
        header: 'Last update',
        accessorFn: (c) => when(c.heartbeat?.updatedAt),
        enableSorting: true,
      },
    ],
    [],
  );

  return (
    <Stack>
      <PageHeader
        title="Consoles"
        description="Every browser signed in to this organisation beats once a minute; its snapshots record what it showed."
      />
      <DataTable<Console>
        api={CONSOLES_API}
        columns={columns}
        stateKey="consoles"
        searchPlaceholder="Search by name, page or user"
        emptyText="No console has signed in yet"
        csv={{
          filename: 'consoles',
          columns: [
            { header: 'Name', value: (c) => c.name },
            { header: 'Id', value: (c) => c.id },
            { header: 'Page', value: (c) => c.heartbeat?.href },
            { header: 'User', value: (c) => c.heartbeat?.user.name },
            { header: 'Installed app', value: (c) => (c.heartbeat?.pwa ? 'Yes' : 'No') },
            { header: 'Last update', date: (c) => c.heartbeat?.updatedAt },
          ],
        }}
        rowActions={(c) =>
          mayRead && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconHistory size={14} />}
              aria-label={`Snapshots of ${c.name}`}
              onClick={() => setBrowsing(c)}
            >
              Snapshots
            </Button>
          )
        }
      />
      {browsing && <ConsoleSnapshotsModal target={browsing} onClose={() => setBrowsing(null)} />}
    </Stack>
  );
}

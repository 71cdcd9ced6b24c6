import { useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { DistributionStation } from '@vigil/domain';
import { STATIONS_API, useDeleteStation } from '../../api/stations';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { StationFormModal } from './station-form-modal';

/** Devices › Distribution Stations (SPEC §2.1, §3): kiosks handing out tags. */
export function StationsScreen() {
  const { ability } = useSignedIn();
  const remove = useDeleteStation();
  const [editing, setEditing] = useState<DistributionStation | 'new' | null>(null);
  const mayUpdate = ability.can('update', 'DistributionStation');
  const mayDelete = ability.can('delete', 'DistributionStation');

  const columns = useMemo<ColumnDef<DistributionStation>[]>(
    () => [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true },
      {
        id: 'helpMessage',
        header: 'Help text',
        cell: ({ row }) => (
          <Text size="sm" lineClamp={2}>
            {row.original.helpMessage}
          </Text>
        ),
      },
      {
        id: 'minimumInventory',
        header: 'Minimum inventory',
        accessorKey: 'minimumInventory',
        enableSorting: true,
      },
    ],
    [],
  );

  async function deleteStation(station: DistributionStation) {
    const ok = await confirmAction({
      title: 'Delete distribution station',
      message: `Delete the station "${station.name}"?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) remove.mutate(station.id, { onError: (err) => notifyListError('delete', err) });
  }

  return (
    <Stack>
      <PageHeader
        title="Distribution Stations"
        description="Kiosks that hand out tags. The help text shows on the kiosk; below the minimum inventory the station asks for more tags."
      />
      <DataTable<DistributionStation>
        api={STATIONS_API}
        columns={columns}
        stateKey="distributionStations"
        searchPlaceholder="Search by name or help text"
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel="Add station"
        emptyText="No distribution stations yet"
        csv={{
          filename: 'distribution-stations',
          columns: [
            { header: 'Name', value: (s) => s.name },
            { header: 'Help text', value: (s) => s.helpMessage },
            { header: 'Minimum inventory', value: (s) => s.minimumInventory },
          ],
        }}
        rowActions={(station) => (
          <RowActions
            name={station.name}
            onEdit={mayUpdate ? () => setEditing(station) : undefined}
            onDelete={mayDelete ? () => void deleteStation(station) : undefined}
          />
        )}
      />
      {editing && (
        <StationFormModal station={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

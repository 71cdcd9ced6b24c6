import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { DistributionStation } from '@vigil/domain';
import { STATIONS_API, useDeleteStation } from '../../api/stations';
import type { CsvSpec } from '../../ui/data-table/csv';
import { CrudListScreen } from '../../ui/list-screen';
import { StationFormModal } from './station-form-modal';

const COLUMNS: ColumnDef<DistributionStation>[] = [
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
];

const CSV: CsvSpec<DistributionStation> = {
  filename: 'distribution-stations',
  columns: [
    { header: 'Name', value: (s) => s.name },
    { header: 'Help text', value: (s) => s.helpMessage },
    { header: 'Minimum inventory', value: (s) => s.minimumInventory },
  ],
};

/** Devices › Distribution Stations (SPEC §2.1, §3): kiosks handing out tags. */
export function StationsScreen() {
  return (
    <CrudListScreen<DistributionStation>
      title="Distribution Stations"
      description="Kiosks that hand out tags. The help text shows on the kiosk; below the minimum inventory the station asks for more tags."
      api={STATIONS_API}
      columns={COLUMNS}
      stateKey="distributionStations"
      csv={CSV}
      labels={{
        search: 'Search by name or help text',
        add: 'Add station',
        empty: 'No distribution stations yet',
      }}
      permissions={{ subject: 'DistributionStation' }}
      remove={useDeleteStation()}
      deleteConfirm={{
        title: 'Delete distribution station',
        message: (station) => `Delete the station "${station.name}"?`,
      }}
      form={(station, close) => <StationFormModal station={station} onClose={close} />}
    />
  );
}

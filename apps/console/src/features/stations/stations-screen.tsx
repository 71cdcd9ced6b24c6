import { Badge, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { DistributionStation } from '@vigil/domain';
import { STATIONS_API, useDeleteStation } from '../../api/stations';
import type { CsvSpec } from '../../ui/data-table/csv';
import { CrudListScreen } from '../../ui/list-screen';
import { StationFormModal } from './station-form-modal';
import { isBelowMinimum, SCAN_MODE_LABELS } from './station-labels';

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
    id: 'available',
    header: 'Available',
    cell: ({ row }) => <AvailableTags station={row.original} />,
  },
  {
    id: 'scanMode',
    header: 'Scan mode',
    cell: ({ row }) => SCAN_MODE_LABELS[row.original.scanMode],
  },
  {
    id: 'gatewayId',
    header: 'Gateway',
    cell: ({ row }) => row.original.gatewayId ?? '—',
  },
];

const CSV: CsvSpec<DistributionStation> = {
  filename: 'distribution-stations',
  columns: [
    { header: 'Name', value: (s) => s.name },
    { header: 'Help text', value: (s) => s.helpMessage },
    { header: 'Available tags', value: (s) => s.availableTags },
    { header: 'Minimum inventory', value: (s) => s.minimumInventory },
    { header: 'Scan mode', value: (s) => SCAN_MODE_LABELS[s.scanMode] },
    { header: 'Gateway', value: (s) => s.gatewayId ?? '' },
  ],
};

/** Devices › Distribution Stations (SPEC §2.1, §3): kiosks handing out tags. */
export function StationsScreen() {
  return (
    <CrudListScreen<DistributionStation>
      title="Distribution Stations"
      description="Kiosks that hand out tags. Available counts the station's tags ready to hand out against its minimum inventory; below it, the station's subscribers are told."
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

/**
 * Issue 21 minimum inventory: 'available / minimum', and below the minimum a badge that says so in
 * words (white on red 9, contrast above 4.5:1), not by colour alone.
 */
function AvailableTags({ station }: { station: DistributionStation }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{`${station.availableTags} / ${station.minimumInventory}`}</Text>
      {isBelowMinimum(station) && (
        <Badge color="red.9" variant="filled" miw="max-content">
          Below minimum
        </Badge>
      )}
    </Group>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { InventoryCount, InventoryWarning } from '@vigil/domain';
import { warehouseQueries } from '../../api/warehouse';
import { useSignedIn } from '../../session/session';
import { countName, InventoryDevicesDrawer } from './inventory-devices';
import { InventoryMinimumsEditor } from './inventory-minimums';
import { WarehousePage } from './warehouse-page';

// SPEC §2.1 /warehouse/inventory (issue 22, docs/WAREHOUSE.md "Inventory"): the SKUs below their
// minimum first, then the counts by SKU, state, organisation and place, each opening its devices,
// and for those who may update Inventory the minimums per SKU.

/** The SKUs whose stock is below their minimum, announced as an alert. */
function Warnings({ warnings }: { warnings: readonly InventoryWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={warnings.length === 1 ? 'A SKU is below its minimum' : 'SKUs below their minimum'}
      icon={<IconAlertTriangle aria-hidden />}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', color: 'var(--mantine-color-black)' } }}
    >
      <List size="lg" c="black">
        {warnings.map((warning) => (
          <List.Item key={warning.sku}>{warning.text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function CountsTable({
  rows,
  onOpen,
}: {
  rows: readonly InventoryCount[];
  onOpen: (row: InventoryCount) => void;
}) {
  return (
    <Table fz="lg" striped aria-label="Inventory counts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>SKU</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Organisation</Table.Th>
          <Table.Th>Place</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.sku}-${row.state}-${row.location}-${row.place ?? ''}`}>
            <Table.Td>{row.sku}</Table.Td>
            <Table.Td>{row.state}</Table.Td>
            <Table.Td>{row.location}</Table.Td>
            <Table.Td>{row.place ?? '—'}</Table.Td>
            <Table.Td ta="right">
              <Button
                variant="light"
                size="md"
                fz="lg"
                aria-label={`${row.count} ${row.count === 1 ? 'device' : 'devices'}: ${countName(row)}`}
                onClick={() => onOpen(row)}
              >
                {row.count}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function InventoryScreen() {
  const { ability } = useSignedIn();
  const inventory = useQuery(warehouseQueries.inventory());
  const [open, setOpen] = useState<InventoryCount | null>(null);
  return (
    <WarehousePage title="Inventory">
      {inventory.isPending && <Skeleton height={240} aria-label="Loading the inventory" />}
      {inventory.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text c="black">Could not load the inventory: {inventory.error.message}</Text>
        </Alert>
      )}
      {inventory.isSuccess && (
        <Stack gap="xl">
          <Warnings warnings={inventory.data.warnings} />
          {inventory.data.data.length === 0 ? (
            <Text size="lg">No devices in the inventory.</Text>
          ) : (
            <Stack gap="xs">
              <Text size="lg">Choose a count to see its devices.</Text>
              <CountsTable rows={inventory.data.data} onOpen={setOpen} />
            </Stack>
          )}
          {ability.can('update', 'Inventory') && <InventoryMinimumsEditor counts={inventory.data.data} />}
        </Stack>
      )}
      <InventoryDevicesDrawer count={open} onClose={() => setOpen(null)} />
    </WarehousePage>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { warehouseQueries } from '../../api/warehouse';
import { WarehousePage } from './warehouse-page';

// SPEC §2.1 /warehouse/inventory (issue 22): counts by SKU, state, organisation and place. The API
// gives counts only, so a count does not open its devices yet.

export function InventoryScreen() {
  const inventory = useQuery(warehouseQueries.inventory());
  return (
    <WarehousePage title="Inventory">
      {inventory.isPending && <Skeleton height={240} aria-label="Loading the inventory" />}
      {inventory.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text c="black">Could not load the inventory: {inventory.error.message}</Text>
        </Alert>
      )}
      {inventory.isSuccess && inventory.data.length === 0 && (
        <Text size="lg">No devices in the inventory.</Text>
      )}
      {inventory.isSuccess && inventory.data.length > 0 && (
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
            {inventory.data.map((row) => (
              <Table.Tr key={`${row.sku}-${row.state}-${row.location}-${row.place ?? ''}`}>
                <Table.Td>{row.sku}</Table.Td>
                <Table.Td>{row.state}</Table.Td>
                <Table.Td>{row.location}</Table.Td>
                <Table.Td>{row.place ?? '—'}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </WarehousePage>
  );
}

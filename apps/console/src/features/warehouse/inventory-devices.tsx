import { useQuery } from '@tanstack/react-query';
import { Drawer, Loader, Stack, Table, Text } from '@mantine/core';
import { orderReference, type InventoryCount } from '@vigil/domain';
import { countQuery, warehouseQueries } from '../../api/warehouse';
import { ErrorPanel } from '../../ui/error-panel';

// Issue 22 /warehouse/inventory: a count opens its devices (GET warehouse/inventory/devices, the
// same SKU, state, organisation and place), at most INVENTORY_DEVICES_LIMIT with their total.

/** How a count is named on the screen, e.g. 'TAG5 · available · smpwarehouse · in_stock'. */
export function countName(row: InventoryCount): string {
  return [row.sku || 'No SKU', row.state || 'no state', row.location, row.place ?? 'no place'].join(' · ');
}

function DeviceList({ count }: { count: InventoryCount }) {
  const devices = useQuery(warehouseQueries.countDevices(countQuery(count)));
  if (devices.isPending) return <Loader aria-label="Loading the devices" />;
  if (devices.isError)
    return (
      <ErrorPanel
        title="Could not load the devices"
        error={devices.error}
        onRetry={() => void devices.refetch()}
      />
    );
  const { data, total } = devices.data;
  if (data.length === 0) return <Text size="lg">No devices in this count any more.</Text>;
  return (
    <Stack gap="sm">
      <Text size="lg" role="status">
        {data.length < total ? `The first ${data.length} of ${total} devices` : `${total} devices`}
      </Text>
      <Table fz="lg" striped aria-label={`Devices of ${countName(count)}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Box</Table.Th>
            <Table.Th>Order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((device) => (
            <Table.Tr key={device.id}>
              <Table.Td ff="monospace">{device.id}</Table.Td>
              <Table.Td>{device.kind}</Table.Td>
              <Table.Td>{device.box ?? '—'}</Table.Td>
              <Table.Td>{device.order === null ? '—' : orderReference(device.order)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The devices of `count` in a drawer named after it; null shows nothing. */
export function InventoryDevicesDrawer({
  count,
  onClose,
}: {
  count: InventoryCount | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={count !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={count ? `Devices: ${countName(count)}` : ''}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close the devices', size: 'lg' }}
    >
      {count && <DeviceList count={count} />}
    </Drawer>
  );
}

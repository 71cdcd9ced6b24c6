import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ScanOrderProgress } from '@vigil/domain';
import { DONE_GREEN } from './scan-step';

const STATE_LABEL: Record<ScanOrderProgress['state'], string> = {
  open: 'Open',
  picking: 'Picking',
  qc: 'Quality control',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** An order's lines with their picking and quality control progress (the ship and qc steps). */
export function OrderProgress({ order }: { order: ScanOrderProgress }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={`Order ${order.reference}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {order.reference}
          </Title>
          <Group gap="xs">
            <Badge size="lg" color="blue.9">
              {STATE_LABEL[order.state]}
            </Badge>
            {order.complete && (
              <Badge size="lg" color={DONE_GREEN}>
                Picked
              </Badge>
            )}
            {order.qcDone && (
              <Badge size="lg" color={DONE_GREEN}>
                Checked
              </Badge>
            )}
          </Group>
        </Group>
        <Table fz="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Scanned</Table.Th>
              <Table.Th>Boxes</Table.Th>
              <Table.Th>QC passed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.sku}>
                <Table.Td>{line.sku}</Table.Td>
                <Table.Td>
                  {line.scanned} of {line.quantity}
                </Table.Td>
                <Table.Td>
                  {line.boxesScanned} of {line.boxes}
                </Table.Td>
                <Table.Td>
                  {line.qcPassed} of {line.qcSample}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {order.lines.length === 0 && <Text>No lines.</Text>}
      </Stack>
    </Paper>
  );
}

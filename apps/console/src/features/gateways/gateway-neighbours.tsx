import { Link } from 'react-router';
import { Anchor, Table } from '@mantine/core';
import { EmptyState } from '../../ui/empty-state';

/** SPEC §3 state.diagnostics neighbours: gateway id → distance, nearest first. */
export function GatewayNeighbours({ neighbors }: { neighbors: Record<string, number> | undefined }) {
  const rows = Object.entries(neighbors ?? {}).sort((a, b) => a[1] - b[1]);
  if (rows.length === 0) return <EmptyState title="No neighbours reported" />;
  return (
    <Table aria-label="Neighbours" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Gateway</Table.Th>
          <Table.Th>Distance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([id, distance]) => (
          <Table.Tr key={id}>
            <Table.Td>
              <Anchor component={Link} to={`/gateway/${id}`} ff="monospace">
                {id}
              </Anchor>
            </Table.Td>
            <Table.Td>{`${distance} m`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

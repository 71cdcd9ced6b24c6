import { Table } from '@mantine/core';
import type { SyncLogEntry } from '@vigil/domain';
import { EmptyState } from '../../ui/empty-state';
import { when } from './gateway-fields';

const COMMAND_NAMES: Record<string, string> = {
  config: 'Configuration',
  unassign: 'Unassign',
  diag: 'Run diagnostics',
  clear_diag_info: 'Clear diagnostics info',
};

function commandProgress(c: SyncLogEntry): string {
  if (c.confirmedAt) return `Confirmed ${when(c.confirmedAt)}`;
  if (c.deliveredAt) return `Delivered ${when(c.deliveredAt)}`;
  return 'Waiting for the next heartbeat';
}

/** The latest commands pushed to the gateway and how far each got (the sync log's view of one gateway). */
export function GatewayCommands({ commands }: { commands: SyncLogEntry[] }) {
  if (commands.length === 0) return <EmptyState title="No commands sent to this gateway yet" />;
  return (
    <Table aria-label="Commands" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Command</Table.Th>
          <Table.Th>Queued</Table.Th>
          <Table.Th>By</Table.Th>
          <Table.Th>Progress</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {commands.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              {COMMAND_NAMES[c.type] ?? c.type}
              {typeof c.payload.action === 'string' && ` (${c.payload.action})`}
            </Table.Td>
            <Table.Td>{when(c.createdAt)}</Table.Td>
            <Table.Td>{c.actor?.name ?? 'System'}</Table.Td>
            <Table.Td>{commandProgress(c)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

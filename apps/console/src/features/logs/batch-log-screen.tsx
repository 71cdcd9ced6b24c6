import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { BatchLogEntry } from '@vigil/domain';
import { BATCH_LOG_API } from '../../api/logs';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';

const when = (iso: string) => new Date(iso).toLocaleString();
/** The devices of a run, the first few by id. */
const devicesText = (ids: string[], shown = 5) =>
  ids.length <= shown ? ids.join(', ') : `${ids.slice(0, shown).join(', ')} and ${ids.length - shown} more`;
const argsText = (args: Record<string, unknown>) =>
  Object.entries(args)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/** Logs › Batch Operations Log (SPEC §2.1 /log/batch): every bulk run on tags or gateways (SPEC §4). */
export function BatchLogScreen() {
  const columns = useMemo<ColumnDef<BatchLogEntry>[]>(
    () => [
      { id: 'at', header: 'When', accessorFn: (e) => when(e.at), enableSorting: true },
      { id: 'actor', header: 'Who', accessorFn: (e) => e.actor.name },
      { id: 'subject', header: 'Devices', accessorFn: (e) => `${e.subject}s`, enableSorting: true },
      { id: 'op', header: 'Operation', accessorKey: 'op', enableSorting: true },
      { id: 'count', header: 'Count', accessorKey: 'count', enableSorting: true },
      {
        id: 'ids',
        header: 'Which',
        cell: ({ row }) => (
          <Text size="sm" ff="monospace">
            {devicesText(row.original.ids)}
          </Text>
        ),
      },
      { id: 'args', header: 'Arguments', accessorFn: (e) => argsText(e.args) },
    ],
    [],
  );

  return (
    <Stack>
      <PageHeader
        title="Batch Operations Log"
        description="Each operation run on many tags or gateways at once."
      />
      <DataTable<BatchLogEntry>
        api={BATCH_LOG_API}
        columns={columns}
        stateKey="logBatch"
        searchPlaceholder="Search by operation or who"
        emptyText="No batch operations yet"
        csv={{
          filename: 'batch-operations',
          columns: [
            { header: 'When', date: (e) => e.at },
            { header: 'Who', value: (e) => e.actor.name },
            { header: 'Devices', value: (e) => e.subject },
            { header: 'Operation', value: (e) => e.op },
            { header: 'Count', value: (e) => e.count },
            { header: 'Ids', value: (e) => e.ids.join(' ') },
            { header: 'Arguments', value: (e) => argsText(e.args) },
          ],
        }}
      />
    </Stack>
  );
}

import { useState } from 'react';
import { Code, Group, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { Console } from '@vigil/domain';
import { useConsoleSnapshot, useConsoleSnapshots } from '../../api/consoles';
import { DateRangePicker } from '../../ui/date-range-picker';
import { defaultDateRange, type DateRange } from '../../ui/date-presets';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

const time = (iso: string) => new Date(iso).toLocaleString();

/** SPEC §7 consoles/{id}/snapshots: a console's snapshots in a period, newest first, each readable. */
export function ConsoleSnapshotsModal({ target, onClose }: { target: Console; onClose: () => void }) {
  const [range, setRange] = useState<DateRange>(() => defaultDateRange(new Date()));
  const [picked, setPicked] = useState<string | null>(null);
  const snapshots = useConsoleSnapshots(target.id, {
    from: range[0].toISOString(),
    to: range[1].toISOString(),
  });
  const snapshot = useConsoleSnapshot(target.id, picked);

  return (
    <Modal opened onClose={onClose} title={`Snapshots of ${target.name}`} size="xl">
      <Stack>
        <DateRangePicker
          value={range}
          onChange={(next) => {
            setRange(next);
            setPicked(null);
          }}
          maxDate={new Date()}
        />
        {snapshots.isPending ? (
          <TableSkeleton rows={5} columns={1} />
        ) : snapshots.isError ? (
          <ErrorPanel error={snapshots.error} onRetry={() => void snapshots.refetch()} />
        ) : snapshots.data.data.length === 0 ? (
          <EmptyState title="No snapshots in this period" />
        ) : (
          <Group align="flex-start" wrap="nowrap">
            <ScrollArea.Autosize mah={420} miw={220} type="auto">
              <nav aria-label="Snapshots">
                {snapshots.data.data.map((s) => (
                  <NavLink
                    key={s.id}
                    label={time(s.createdAt)}
                    active={s.id === picked}
                    onClick={() => setPicked(s.id)}
                  />
                ))}
              </nav>
              {snapshots.data.total > snapshots.data.data.length && (
                <Text size="xs" c="dimmed" p="xs">
                  The newest {snapshots.data.data.length} of {snapshots.data.total}; narrow the period for
                  older ones.
                </Text>
              )}
            </ScrollArea.Autosize>
            <ScrollArea.Autosize mah={420} style={{ flex: 1 }} type="auto">
              {picked === null ? (
                <Text size="sm" c="dimmed">
                  Pick a time to see what the console showed.
                </Text>
              ) : snapshot.isPending ? (
                <TableSkeleton rows={4} columns={1} />
              ) : snapshot.isError ? (
                <ErrorPanel error={snapshot.error} />
              ) : (
                <Code block aria-label="Snapshot data">
                  {JSON.stringify(snapshot.data.data, null, 2)}
                </Code>
              )}
            </ScrollArea.Autosize>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

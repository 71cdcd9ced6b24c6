import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { BULK_MAX_IDS, type ScratchListKind } from '@vigil/domain';
import { messages } from '../../api/messages';
import {
  scratchListApi,
  useClearScratchList,
  useRefreshScratchList,
  useRemoveFromScratchList,
  useWholeScratchList,
} from '../../api/scratch-lists';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table/data-table';
import { PageHeader } from '../../ui/page-header';
import { BatchRunResult, ScratchBatchMenu, type BatchRun } from './scratch-batch';
import { ScratchBox } from './scratch-box';
import { scratchColumns, scratchCsv } from './scratch-columns';
import { SCRATCH_KINDS, countOf, type ScratchItem } from './scratch-kinds';

/** The list as a whole: how many it holds, the batch menu on all of them, and Clear list. */
function WholeList({
  kind,
  selecting,
  onRun,
}: {
  kind: ScratchListKind;
  /** Rows are selected: the selection's own batch menu is the one shown. */
  selecting: boolean;
  onRun: (run: BatchRun) => void;
}) {
  const whole = useWholeScratchList<ScratchItem>(kind, BULK_MAX_IDS);
  const clear = useClearScratchList(kind);
  const total = whole.data?.total ?? 0;
  if (!whole.data || total === 0) return null;

  async function clearAll() {
    const sure = await confirmAction({
      title: 'Clear the list',
      message: `Remove all ${countOf(kind, total)} from your ${SCRATCH_KINDS[kind].title}? The ${SCRATCH_KINDS[kind].many} themselves do not change.`,
      confirmLabel: 'Clear list',
      danger: true,
    });
    if (!sure) return;
    try {
      await clear.mutateAsync();
    } catch (error) {
      notifications.show({ color: 'red', message: messages.couldNotDelete(error) });
    }
  }

  return (
    <Paper withBorder p="xs" role="region" aria-label="Whole list">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>{`${countOf(kind, total)} on your list`}</Text>
        <Group gap="xs">
          {selecting ? null : total > BULK_MAX_IDS ? (
            <Text size="sm" c="dimmed">
              {`A batch takes at most ${BULK_MAX_IDS} devices: select them in the list.`}
            </Text>
          ) : (
            <ScratchBatchMenu kind={kind} items={whole.data.data} clear={() => {}} onRun={onRun} />
          )}
          <Button size="xs" variant="default" color="red" onClick={() => void clearAll()}>
            Clear list
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Operations › Tag Scratch List and Gateway Scratch List (SPEC §2.1, issue 22): the person's working
 * list of devices, filled by scanning or pasting, kept on the server across sessions, and acted on
 * with the lists' batch operations (SPEC §4).
 */
export function ScratchListScreen({ kind }: { kind: ScratchListKind }) {
  const names = SCRATCH_KINDS[kind];
  const remove = useRemoveFromScratchList(kind);
  const refresh = useRefreshScratchList(kind);
  const [run, setRun] = useState<BatchRun | null>(null);
  const [selecting, setSelecting] = useState(false);
  const onSelectionChange = useCallback((rows: ScratchItem[]) => setSelecting(rows.length > 0), []);
  const api = useMemo(() => scratchListApi(kind), [kind]);
  const columns = useMemo(() => scratchColumns(kind), [kind]);
  const csv = useMemo(() => scratchCsv(kind), [kind]);

  const onRun = useCallback(
    (done: BatchRun) => {
      setRun(done);
      void refresh();
    },
    [refresh],
  );
  const batchActions = useCallback(
    (selected: ScratchItem[], clear: () => void) => (
      <ScratchBatchMenu kind={kind} items={selected} clear={clear} onRun={onRun} />
    ),
    [kind, onRun],
  );
  const rowActions = useCallback(
    (item: ScratchItem) => (
      <Group justify="flex-end">
        <Tooltip label="Remove from the list">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${item.id} from the list`}
            onClick={(event) => {
              event.stopPropagation();
              remove.mutate(item.id, {
                onError: (error) =>
                  notifications.show({ color: 'red', message: messages.couldNotDelete(error) }),
              });
            }}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
    [remove],
  );

  return (
    <Stack>
      <PageHeader
        title={names.title}
        description={`Your own working list of ${names.many}: scan or paste their ids, then act on many at once. It stays until you clear it.`}
      />
      <ScratchBox kind={kind} />
      {run && <BatchRunResult run={run} onClose={() => setRun(null)} />}
      <WholeList kind={kind} selecting={selecting} onRun={onRun} />
      <DataTable<ScratchItem>
        api={api}
        columns={columns}
        stateKey={`scratch-${kind}`}
        searchPlaceholder={`Search by ${kind === 'tag' ? 'tag' : 'MAC'}`}
        emptyText={`No ${names.many} on your list yet: scan or paste their ids above`}
        csv={csv}
        selectable
        onSelectionChange={onSelectionChange}
        rowLabel={(item) => item.id}
        rowActions={rowActions}
        batchActions={batchActions}
      />
    </Stack>
  );
}

/** /operations/tags */
export function TagScratchListScreen() {
  return <ScratchListScreen kind="tag" />;
}

/** /operations/gateways */
export function GatewayScratchListScreen() {
  return <ScratchListScreen kind="gateway" />;
}

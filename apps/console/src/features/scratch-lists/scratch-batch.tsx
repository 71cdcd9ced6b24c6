import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import { BULK_MAX_IDS, type BulkResult, type Gateway, type ScratchListKind, type Tag } from '@vigil/domain';
import { GATEWAY_BATCH_LABELS } from '../../ui/device-batch/gateway-batch-fields';
import { GatewayBatchMenu } from '../../ui/device-batch/gateway-batch-menu';
import { BATCH_OPERATION_LABELS } from '../../ui/device-batch/tag-batch-fields';
import { TagBatchMenu } from '../../ui/device-batch/tag-batch-menu';
import { countOf, type ScratchItem } from './scratch-kinds';

/** A batch that ran: its operation's name and the server's answer. */
export type BatchRun = { kind: ScratchListKind; operation: string; result: BulkResult };

export type ScratchBatchMenuProps = {
  kind: ScratchListKind;
  /** The entries to act on; those whose device is missing are left out. */
  items: ScratchItem[];
  /** Called once an operation has run (e.g. to clear the selection). */
  clear: () => void;
  onRun: (run: BatchRun) => void;
};

/**
 * The batch menu of a scratch list: the tags' or gateways' own (SPEC §4 eligibility, the same dialogs
 * and bulk PUT), on the entries' devices. A batch names at most 500 devices (SPEC §9).
 */
export function ScratchBatchMenu({ kind, items, clear, onRun }: ScratchBatchMenuProps) {
  const devices = items.flatMap((item) => (item.device ? [item.device] : []));
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {`No ${kind === 'tag' ? 'tag' : 'gateway'} here is in this organisation any more.`}
      </Text>
    );
  }
  if (devices.length > BULK_MAX_IDS) {
    return (
      <Text size="sm" c="dimmed">
        {`A batch takes at most ${BULK_MAX_IDS} devices: select them in the list.`}
      </Text>
    );
  }
  return kind === 'tag' ? (
    <TagBatchMenu
      selected={devices as Tag[]}
      clear={clear}
      onResult={(op, result) => onRun({ kind, operation: BATCH_OPERATION_LABELS[op], result })}
    />
  ) : (
    <GatewayBatchMenu
      selected={devices as Gateway[]}
      clear={clear}
      onResult={(op, result) => onRun({ kind, operation: GATEWAY_BATCH_LABELS[op], result })}
    />
  );
}

/** What the last batch did, with the way to its entry in the Batch Operations Log. */
export function BatchRunResult({ run, onClose }: { run: BatchRun; onClose: () => void }) {
  return (
    <Alert
      color="green"
      role="status"
      title={`${run.operation}: ${countOf(run.kind, run.result.count)} done.`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Anchor component={Link} to="/log/batch" size="sm">
        See it in the Batch Operations Log
      </Anchor>
    </Alert>
  );
}

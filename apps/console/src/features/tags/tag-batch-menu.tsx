import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { tagBatchOperations, type Tag, type TagBatchOperation } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { BATCH_OPERATION_LABELS, batchCandidateOf } from './tag-fields';
import { TagBatchDialog } from './tag-batch-dialog';

/**
 * The batch menu of the selected tags: exactly the operations SPEC §4 allows for this selection and
 * the caller's permissions (update Tag maintMode, update Tag bulkUnflag), each opening its dialog.
 */
export function TagBatchMenu({ selected, clear }: { selected: Tag[]; clear: () => void }) {
  const { ability } = useSignedIn();
  const [operation, setOperation] = useState<TagBatchOperation | null>(null);
  const offered = tagBatchOperations(selected.map(batchCandidateOf), {
    canUpdateMaintMode: ability.can('update', 'Tag', 'maintMode'),
    canBulkUnflag: ability.can('update', 'Tag', 'bulkUnflag'),
  });
  if (!ability.can('update', 'Tag')) return null;

  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button size="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
            Batch actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{`${selected.length} ${selected.length === 1 ? 'tag' : 'tags'}`}</Menu.Label>
          {offered.map((op) => (
            <Menu.Item
              key={op}
              color={op === 'mark_lost' ? 'red' : undefined}
              onClick={() => setOperation(op)}
            >
              {BATCH_OPERATION_LABELS[op]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {operation && (
        <TagBatchDialog
          operation={operation}
          tags={selected}
          onClose={() => setOperation(null)}
          onDone={clear}
        />
      )}
    </>
  );
}

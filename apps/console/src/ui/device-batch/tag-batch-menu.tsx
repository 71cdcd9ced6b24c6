import { tagBatchOperations, type BulkResult, type Tag, type TagBatchOperation } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { BatchMenu } from '../batch-menu';
import { BATCH_OPERATION_LABELS, batchCandidateOf } from './tag-batch-fields';
import { TagBatchDialog } from './tag-batch-dialog';

/**
 * The batch menu of the selected tags: exactly the operations SPEC §4 allows for this selection and
 * the caller's permissions (update Tag maintMode, update Tag bulkUnflag), each opening its dialog.
 */
export function TagBatchMenu({
  selected,
  clear,
  onResult,
}: {
  selected: Tag[];
  /** Empties the selection once an operation has run. */
  clear: () => void;
  /** Told of each run that the server applied. */
  onResult?: (operation: TagBatchOperation, result: BulkResult) => void;
}) {
  const { ability } = useSignedIn();
  const offered = tagBatchOperations(selected.map(batchCandidateOf), {
    canUpdateMaintMode: ability.can('update', 'Tag', 'maintMode'),
    canBulkUnflag: ability.can('update', 'Tag', 'bulkUnflag'),
  });
  if (!ability.can('update', 'Tag')) return null;

  return (
    <BatchMenu
      heading={`${selected.length} ${selected.length === 1 ? 'tag' : 'tags'}`}
      operations={offered}
      labels={BATCH_OPERATION_LABELS}
      danger={['mark_lost']}
      dialog={(operation, close) => (
        <TagBatchDialog
          operation={operation}
          tags={selected}
          onClose={close}
          onDone={(result) => {
            clear();
            onResult?.(operation, result);
          }}
        />
      )}
    />
  );
}

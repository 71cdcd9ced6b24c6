import { useState } from 'react';
import { NativeSelect, Textarea } from '@mantine/core';
import {
  ASSET_MESSAGES,
  ASSET_NOTES_MAX,
  ASSET_STATUSES,
  ASSET_STATUS_HELP,
  assetStatusLabel,
  type Asset,
  type AssetPatch,
  type AssetStatus,
} from '@vigil/domain';
import { usePatchAsset } from '../../api/assets';
import { EditModal } from '../../ui/edit-modal';

/** What the empty status (shown 'Pending', SPEC §3 Asset) means, beside the designed ones' help. */
export const PENDING_HELP = 'No status set yet';

/** The status menu: Pending (empty), then the designed statuses, each shown as SPEC §3 shows it. */
const STATUS_OPTIONS = [
  { value: '', label: assetStatusLabel('') },
  ...ASSET_STATUSES.map((status) => ({ value: status, label: assetStatusLabel(status) })),
];

const helpOf = (status: string) =>
  status === '' ? PENDING_HELP : (ASSET_STATUS_HELP[status as AssetStatus] ?? '');

/**
 * SPEC §7 PATCH assets/{id} {notes, status}: the status from the menu (its meaning under it) and the
 * notes; only what changed is sent. A refusal says SPEC §8's 'Failed to update asset.' in the form.
 */
export function AssetEditModal({
  asset,
  onClose,
}: {
  asset: Pick<Asset, 'id' | 'name' | 'status' | 'notes'>;
  onClose: () => void;
}) {
  const patch = usePatchAsset();
  // A status outside the designed ones (none is stored today) is kept unless another is chosen.
  const known = asset.status === '' || (ASSET_STATUSES as readonly string[]).includes(asset.status);
  const [status, setStatus] = useState(asset.status);
  const [notes, setNotes] = useState(asset.notes);
  const options = known
    ? STATUS_OPTIONS
    : [...STATUS_OPTIONS, { value: asset.status, label: assetStatusLabel(asset.status) }];

  async function submit() {
    const body: AssetPatch = {};
    if (status !== asset.status) body.status = status as AssetPatch['status'];
    if (notes !== asset.notes) body.notes = notes;
    if (body.status === undefined && body.notes === undefined) return;
    await patch.mutateAsync({ id: asset.id, ...body }).catch(() => {
      throw new Error(ASSET_MESSAGES.updateFailed);
    });
  }

  return (
    <EditModal opened onClose={onClose} title={`Edit ${asset.name}`} onSubmit={submit} submitLabel="Save">
      <NativeSelect
        label="Status"
        description={helpOf(status)}
        data={options}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value)}
        data-autofocus
      />
      <Textarea
        label="Notes"
        description={`${notes.length.toLocaleString('en-US')} of ${ASSET_NOTES_MAX.toLocaleString('en-US')} characters`}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        maxLength={ASSET_NOTES_MAX}
        // Not autosize: it measures fonts the page may not have loaded; a fixed box fits a few lines.
        rows={4}
      />
    </EditModal>
  );
}

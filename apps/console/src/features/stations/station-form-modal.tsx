import { useState } from 'react';
import { NumberInput, Textarea } from '@mantine/core';
import type { DistributionStation } from '@vigil/domain';
import { useCreateStation, useUpdateStation } from '../../api/stations';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';

/** Adds or edits a distribution station: name, help text, minimum inventory (SPEC §3) and its zone. */
export function StationFormModal({
  station,
  onClose,
}: {
  station: DistributionStation | null;
  onClose: () => void;
}) {
  const create = useCreateStation();
  const update = useUpdateStation();
  const [name, setName] = useState(station?.name ?? '');
  const [helpMessage, setHelpMessage] = useState(station?.helpMessage ?? '');
  const [minimumInventory, setMinimumInventory] = useState<number | string>(station?.minimumInventory ?? 0);
  const [zoneId, setZoneId] = useState<string | null>(station?.zoneId ?? null);
  const minimum = typeof minimumInventory === 'number' ? minimumInventory : Number.NaN;
  const validMinimum = Number.isInteger(minimum) && minimum >= 0;

  async function submit() {
    const body = { name, helpMessage, minimumInventory: minimum, ...(zoneId ? { zoneId } : {}) };
    await createOrUpdate(station, {
      create: () => create.mutateAsync(body),
      update: ({ id }) => update.mutateAsync({ id, ...body }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={station ? `Edit ${station.name}` : 'Add distribution station'}
      onSubmit={submit}
      submitLabel={station ? 'Save' : 'Add station'}
      submitDisabled={!name.trim() || !validMinimum}
    >
      <NameField value={name} onChange={setName} />
      <Textarea
        label="Help text"
        description="Shown on the station's kiosk screen"
        rows={3}
        maxLength={2000}
        value={helpMessage}
        onChange={(e) => setHelpMessage(e.currentTarget.value)}
      />
      <NumberInput
        label="Minimum inventory"
        description="Tags the station should hold at least"
        min={0}
        max={100000}
        allowDecimal={false}
        allowNegative={false}
        value={minimumInventory}
        onChange={setMinimumInventory}
        error={validMinimum ? undefined : 'A whole number, 0 or more'}
      />
      <ZonePicker
        label="Zone"
        value={zoneId}
        onChange={(id) => setZoneId(id)}
        placeholder="The organisation"
      />
    </EditModal>
  );
}

import { useState } from 'react';
import { NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import { parseMac, TAG_SCAN_MODES, type DistributionStation, type TagScanMode } from '@vigil/domain';
import { useCreateStation, useUpdateStation } from '../../api/stations';
import { ApiError } from '../../api/errors';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';
import { SCAN_MODE_HINTS, SCAN_MODE_LABELS } from './station-labels';

const SCAN_MODE_OPTIONS = TAG_SCAN_MODES.map((mode) => ({ value: mode, label: SCAN_MODE_LABELS[mode] }));

/**
 * Adds or edits a distribution station: name, help text, minimum inventory (SPEC §3), its zone, and
 * how its kiosk identifies a tag (SPEC §3 tag scan modes) with the gateway beside it (issue 21).
 */
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
  const [scanMode, setScanMode] = useState<TagScanMode>(station?.scanMode ?? 'singleTap');
  const [gateway, setGateway] = useState(station?.gatewayId ?? '');
  // The server's reason for refusing the gateway (unknown, or another station's), until it is edited.
  const [gatewayRefusal, setGatewayRefusal] = useState<string | null>(null);
  const minimum = typeof minimumInventory === 'number' ? minimumInventory : Number.NaN;
  const validMinimum = Number.isInteger(minimum) && minimum >= 0;
  const mac = gateway.trim() ? parseMac(gateway) : null;
  const tapMode = scanMode === 'singleTap' || scanMode === 'doubleTap';

  async function submit() {
    const body = {
      name,
      helpMessage,
      minimumInventory: minimum,
      scanMode,
      gatewayId: mac?.ok ? mac.value : null,
      ...(zoneId ? { zoneId } : {}),
    };
    const noteRefusal = (err: unknown) => {
      if (err instanceof ApiError && err.field === 'gatewayId') setGatewayRefusal(err.reason);
      throw err;
    };
    await createOrUpdate(station, {
      create: () => create.mutateAsync(body).catch(noteRefusal),
      update: ({ id }) => update.mutateAsync({ id, ...body }).catch(noteRefusal),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={station ? `Edit ${station.name}` : 'Add distribution station'}
      onSubmit={submit}
      submitLabel={station ? 'Save' : 'Add station'}
      submitDisabled={!name.trim() || !validMinimum || mac?.ok === false}
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
        description="Available tags the station should hold at least; below it, its subscribers are told"
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
      <NativeSelect
        label="Scan mode"
        description={SCAN_MODE_HINTS[scanMode]}
        data={SCAN_MODE_OPTIONS}
        value={scanMode}
        onChange={(e) => setScanMode(e.currentTarget.value as TagScanMode)}
      />
      <TextInput
        label="Gateway"
        description={
          tapMode
            ? 'MAC address of the gateway beside the kiosk, which hears the taps'
            : 'MAC address of the gateway beside the kiosk (optional)'
        }
        placeholder="e.g. b0:a7:10:00:00:01"
        value={gateway}
        onChange={(e) => {
          setGateway(e.currentTarget.value);
          setGatewayRefusal(null);
        }}
        error={mac?.ok === false ? mac.reason : gatewayRefusal}
      />
    </EditModal>
  );
}

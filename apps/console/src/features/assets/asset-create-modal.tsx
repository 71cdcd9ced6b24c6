import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { parseMac } from '@vigil/domain';
import { useCreateAsset } from '../../api/assets';
import { messages } from '../../api/messages';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';

/**
 * Registers a piece of equipment (POST assets): its name, the tag it carries (SPEC §5 Device MAC)
 * and the zone it belongs to. A refusal shows SPEC §8's 'Sorry, could not add: <reason>.'.
 */
export function AssetCreateModal({ onClose }: { onClose: () => void }) {
  const create = useCreateAsset();
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [zoneId, setZoneId] = useState<string | null>(null);
  const mac = tag.trim() ? parseMac(tag.trim()) : null;

  async function submit() {
    if (!mac?.ok) return;
    await create.mutateAsync({ name, tagId: mac.value, zoneId }).catch((err: unknown) => {
      throw new Error(messages.couldNotAdd(err));
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title="Add asset"
      onSubmit={submit}
      submitLabel="Add asset"
      submitDisabled={!name.trim() || !mac?.ok}
    >
      <NameField value={name} onChange={setName} />
      <TextInput
        label="Tag"
        required
        description="The MAC of the tag on the equipment, e.g. c0ffee100001"
        value={tag}
        error={mac && !mac.ok ? mac.reason : undefined}
        onChange={(e) => setTag(e.currentTarget.value)}
        maxLength={17}
      />
      <ZonePicker
        label="Belongs to"
        value={zoneId}
        onChange={(id) => setZoneId(id)}
        placeholder="The whole organisation"
        description="The zone whose staff look after it"
      />
    </EditModal>
  );
}

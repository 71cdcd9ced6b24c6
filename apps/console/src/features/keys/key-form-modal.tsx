import { useState } from 'react';
import { Select } from '@mantine/core';
import type { ApiKey, ApiKeyCreated } from '@vigil/domain';
import { useCreateKey, useUpdateKey } from '../../api/keys';
import { useSignedIn } from '../../session/session';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';
import { useAssignableRoles } from '../../api/role-options';

/** Create or rename an API key; its role follows SPEC §5 like a user's. */
export function KeyFormModal({
  apiKey,
  onClose,
  onCreated,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { me } = useSignedIn();
  const create = useCreateKey();
  const update = useUpdateKey();
  const { roles } = useAssignableRoles(apiKey?.role);
  const [name, setName] = useState(apiKey?.name ?? '');
  const [role, setRole] = useState<string | null>(apiKey?.role ?? null);
  const [zone, setZone] = useState<string | null>(apiKey?.zone.id ?? me.zone.id);

  async function submit() {
    const created = await createOrUpdate(apiKey, {
      create: () => create.mutateAsync({ name, role: role ?? '', zone: zone ?? '' }),
      update: (key) =>
        update.mutateAsync({ id: key.id, name, ...(role && role !== key.role ? { role } : {}) }),
    });
    if (created) onCreated(created);
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={apiKey ? `Edit key ${apiKey.name}` : 'Add API key'}
      onSubmit={submit}
      submitLabel={apiKey ? 'Save' : 'Create key'}
      submitDisabled={!name.trim() || !role || !zone}
    >
      <NameField value={name} onChange={setName} />
      <Select label="Role" required data={roles} value={role} onChange={setRole} searchable />
      {!apiKey && <ZonePicker label="Zone" required value={zone} onChange={(id) => setZone(id)} />}
    </EditModal>
  );
}

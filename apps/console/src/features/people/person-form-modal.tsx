import { useState } from 'react';
import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import type { Person, PersonBody } from '@vigil/domain';
import { useCreatePerson, useUpdatePerson } from '../../api/people';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';

/** Adds or edits a person (SPEC §3 Person); the e-mail field only for roles that may see e-mails (§6). */
export function PersonFormModal({
  person,
  showEmail,
  onClose,
}: {
  person: Person | null;
  showEmail: boolean;
  onClose: () => void;
}) {
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const [name, setName] = useState(person?.name ?? '');
  const [personId, setPersonId] = useState(person?.personId ?? '');
  const [email, setEmail] = useState(person?.contacts.email ?? '');
  const [location, setLocation] = useState<string | null>(person?.location ?? null);
  const [isRemote, setIsRemote] = useState(person?.isRemote ?? false);

  async function submit() {
    const body: PersonBody = {
      name,
      personId,
      location,
      isRemote,
      ...(showEmail ? { contacts: { email: email.trim() } } : {}),
    };
    await createOrUpdate(person, {
      create: () => create.mutateAsync(body),
      update: ({ id }) => update.mutateAsync({ id, ...body }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={person ? `Edit ${person.name}` : 'Add person'}
      onSubmit={submit}
      submitLabel={person ? 'Save' : 'Add person'}
      submitDisabled={!name.trim() || !personId.trim()}
    >
      <NameField value={name} onChange={setName} />
      <TextInput
        label="Person ID"
        required
        value={personId}
        onChange={(e) => setPersonId(e.currentTarget.value)}
      />
      {showEmail && (
        <TextInput
          label="E-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
      )}
      <Group align="flex-end" wrap="nowrap">
        <ZonePicker
          label="Location"
          value={location}
          onChange={(id) => setLocation(id)}
          placeholder="No location"
        />
        {location && (
          <Button variant="subtle" onClick={() => setLocation(null)}>
            Clear location
          </Button>
        )}
      </Group>
      <Checkbox
        label="Works remotely"
        checked={isRemote}
        onChange={(e) => setIsRemote(e.currentTarget.checked)}
      />
    </EditModal>
  );
}

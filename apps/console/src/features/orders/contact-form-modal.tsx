import { useState } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import {
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  parseContactValue,
  type ContactKind,
  type OrderContact,
} from '@vigil/domain';
import { useSaveContact } from '../../api/orders';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';

const KIND_OPTIONS = CONTACT_KINDS.map((kind) => ({ value: kind, label: CONTACT_KIND_LABELS[kind] }));

/** What each kind's value is (the forms `parseContactValue` takes). */
const VALUE_HINTS: Record<ContactKind, string> = {
  sms: 'A phone number; read as a US number unless it starts with +',
  email: 'An e-mail address',
  wctp: 'The pager id',
  vocera: 'The Vocera device or user id',
  ascom: 'The http(s) address of the Ascom system',
  connexall: 'The http(s) address of the Connexall system',
  tiger: 'The http(s) address of the TigerConnect system',
};

/** Adds a contact to a recipient, or edits one (SPEC §3 contact kinds; SPEC §5 phone numbers). */
export function ContactFormModal({
  recipientId,
  contact,
  onClose,
}: {
  recipientId: string;
  contact: OrderContact | null;
  onClose: () => void;
}) {
  const save = useSaveContact();
  const [kind, setKind] = useState<ContactKind>(contact?.kind ?? 'sms');
  const [value, setValue] = useState(contact?.value ?? '');
  const [name, setName] = useState(contact?.name ?? '');
  // The value's problem is told once the user leaves the field (not while a number is half typed).
  const [touched, setTouched] = useState(false);
  const parsed = parseContactValue(kind, value);

  async function submit() {
    const body = { kind, value, name };
    await createOrUpdate(contact, {
      create: () => save.mutateAsync({ recipientId, ...body }),
      update: ({ id }) => save.mutateAsync({ id, ...body }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={contact ? 'Edit contact' : 'Add contact'}
      onSubmit={submit}
      submitLabel={contact ? 'Save' : 'Add contact'}
      submitDisabled={!parsed.ok}
    >
      <NativeSelect
        label="Kind"
        data={KIND_OPTIONS}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as ContactKind)}
      />
      <TextInput
        label="Value"
        required
        description={VALUE_HINTS[kind]}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={touched && value.trim() && !parsed.ok ? parsed.reason : undefined}
      />
      <TextInput
        label="Name"
        description="Who or what answers, e.g. Dock desk"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
    </EditModal>
  );
}

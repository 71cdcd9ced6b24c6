import { useState } from 'react';
import { Group, TextInput } from '@mantine/core';
import { orderAddressUpdateSchema, type OrderAddress } from '@vigil/domain';
import { useSaveAddress } from '../../api/orders';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';

const FIELDS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;

/** Adds an address to a recipient, or edits one (SPEC §3 Order address). */
export function AddressFormModal({
  recipientId,
  address,
  onClose,
}: {
  recipientId: string;
  address: OrderAddress | null;
  onClose: () => void;
}) {
  const save = useSaveAddress();
  const [draft, setDraft] = useState<Draft>(() =>
    address
      ? (Object.fromEntries(FIELDS.map((f) => [f, address[f]])) as Draft)
      : { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' },
  );
  const checked = orderAddressUpdateSchema.safeParse(draft);
  const field = (
    name: keyof Draft,
    label: string,
    extra: { required?: boolean; autofocus?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      required={extra.required}
      data-autofocus={extra.autofocus || undefined}
      value={draft[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [name]: value }));
      }}
    />
  );

  async function submit() {
    if (!checked.success) return;
    await createOrUpdate(address, {
      create: () => save.mutateAsync({ recipientId, ...checked.data }),
      update: ({ id }) => save.mutateAsync({ id, ...checked.data }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={address ? 'Edit address' : 'Add address'}
      onSubmit={submit}
      submitLabel={address ? 'Save' : 'Add address'}
      submitDisabled={!checked.success}
    >
      {field('line1', 'Address line 1', { required: true, autofocus: true })}
      {field('line2', 'Address line 2')}
      {field('city', 'City', { required: true })}
      <Group grow align="flex-start">
        {field('region', 'State or region')}
        {field('postalCode', 'Postal code')}
      </Group>
      <TextInput
        label="Country"
        description="Two-letter code"
        maxLength={2}
        value={draft.country}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, country: value }));
        }}
        error={draft.country && !/^[a-z]{2}$/i.test(draft.country) ? 'A two-letter code, e.g. US' : undefined}
      />
    </EditModal>
  );
}

import { useState } from 'react';
import { NativeSelect, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_NOTES_MAX, type OrderRecipient } from '@vigil/domain';
import { orderQueries, useCreateRecipient, useUpdateRecipient } from '../../api/orders';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';

/** Adds or edits a recipient of the Orders Address Book (SPEC §3): name, customer, notes. */
export function RecipientFormModal({
  recipient,
  onClose,
}: {
  recipient: OrderRecipient | null;
  onClose: () => void;
}) {
  const create = useCreateRecipient();
  const update = useUpdateRecipient();
  const customers = useQuery(orderQueries.customers());
  const [name, setName] = useState(recipient?.name ?? '');
  const [customerOrgId, setCustomerOrgId] = useState(recipient?.customer?.id ?? '');
  const [notes, setNotes] = useState(recipient?.notes ?? '');
  const options = [
    { value: '', label: 'Any customer' },
    ...(customers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  async function submit() {
    const body = { name, notes, customerOrgId: customerOrgId || null };
    await createOrUpdate(recipient, {
      create: () => create.mutateAsync(body),
      update: ({ id }) => update.mutateAsync({ id, ...body }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={recipient ? `Edit ${recipient.name}` : 'Add recipient'}
      onSubmit={submit}
      submitLabel={recipient ? 'Save' : 'Add recipient'}
      submitDisabled={!name.trim()}
    >
      <NameField value={name} onChange={setName} />
      <NativeSelect
        label="Customer organisation"
        description="The organisation this recipient receives for"
        data={options}
        value={customerOrgId}
        onChange={(e) => setCustomerOrgId(e.currentTarget.value)}
      />
      <Textarea
        label="Notes"
        rows={2}
        maxLength={ORDER_NOTES_MAX}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
    </EditModal>
  );
}

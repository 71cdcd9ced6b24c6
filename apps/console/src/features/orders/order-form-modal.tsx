import { useMemo, useState } from 'react';
import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CONTACT_KIND_LABELS,
  ORDER_MESSAGES,
  ORDER_NOTES_MAX,
  formatOrderAddress,
  orderLinesSchema,
  type Order,
  type OrderLine,
} from '@vigil/domain';
import { orderQueries, useCreateOrder, useUpdateOrder } from '../../api/orders';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { newLine, OrderLinesEditor, type DraftLine } from './order-lines-editor';

const NONE = { value: '', label: 'None' };

/** The draft lines as the API takes them, or the first reason they cannot be sent. */
function checkLines(lines: DraftLine[]): { ok: true; value: OrderLine[] } | { ok: false; reason: string } {
  const parsed = orderLinesSchema.safeParse(
    lines.map((line) => ({
      sku: line.sku,
      quantity: typeof line.quantity === 'number' ? line.quantity : NaN,
    })),
  );
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: issue?.code === 'invalid_type' ? 'Enter a quantity on every line' : (issue?.message ?? ''),
  };
}

/**
 * A new order (issue 22): the customer organisation, lines of SPEC §9's orderable SKUs, and who
 * receives it from the Orders Address Book; or an open order's lines, recipient and notes.
 */
export function OrderFormModal({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const customers = useQuery(orderQueries.customers());
  const recipients = useQuery(orderQueries.recipientOptions());
  const [customerOrgId, setCustomerOrgId] = useState(order?.customer.id ?? '');
  const [lines, setLines] = useState<DraftLine[]>(
    () => (order?.lines as DraftLine[] | undefined) ?? [{ ...newLine(), sku: 'TAG5' }],
  );
  const [recipientId, setRecipientId] = useState(order?.recipient?.id ?? '');
  const [addressId, setAddressId] = useState(order?.address?.id ?? '');
  const [contactId, setContactId] = useState(order?.contact?.id ?? '');
  const [notes, setNotes] = useState(order?.notes ?? '');
  const addresses = useQuery({ ...orderQueries.addresses(recipientId), enabled: !!recipientId });
  const contacts = useQuery({ ...orderQueries.contacts(recipientId), enabled: !!recipientId });
  const checked = checkLines(lines);

  // The only organisation a caller may order for is chosen already.
  const only = customers.data?.length === 1 ? customers.data[0]!.id : '';
  const customer = customerOrgId || only;

  const customerOptions = useMemo(
    () => [
      { value: '', label: 'Choose an organisation', disabled: true },
      ...(customers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ],
    [customers.data],
  );
  const recipientOptions = [NONE, ...(recipients.data ?? []).map((r) => ({ value: r.id, label: r.name }))];
  const addressOptions = [
    NONE,
    ...(addresses.data ?? []).map((a) => ({ value: a.id, label: formatOrderAddress(a) })),
  ];
  const contactOptions = [
    NONE,
    ...(contacts.data ?? []).map((c) => ({
      value: c.id,
      label: `${c.name ? `${c.name}: ` : ''}${c.value} (${CONTACT_KIND_LABELS[c.kind]})`,
    })),
  ];

  async function submit() {
    if (!checked.ok) return;
    const refs = {
      recipientId: recipientId || null,
      addressId: addressId || null,
      contactId: contactId || null,
    };
    await createOrUpdate(order, {
      create: () => create.mutateAsync({ customerOrgId: customer, lines: checked.value, notes, ...refs }),
      update: ({ id }) => update.mutateAsync({ id, lines: checked.value, notes, ...refs }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={order ? `Edit ${order.reference}` : 'New order'}
      onSubmit={submit}
      submitLabel={order ? 'Save' : 'Create order'}
      submitDisabled={!checked.ok || !customer}
      size="lg"
    >
      {order ? (
        <TextInput label="Customer organisation" value={order.customer.name} readOnly />
      ) : (
        <NativeSelect
          label="Customer organisation"
          required
          data={customerOptions}
          value={customer}
          onChange={(e) => setCustomerOrgId(e.currentTarget.value)}
          error={customers.isError ? 'Could not load the organisations' : undefined}
        />
      )}
      <OrderLinesEditor lines={lines} onChange={setLines} error={checked.ok ? undefined : checked.reason} />
      <NativeSelect
        label="Recipient"
        description="From the Orders Address Book"
        data={recipientOptions}
        value={recipientId}
        onChange={(e) => {
          setRecipientId(e.currentTarget.value);
          setAddressId('');
          setContactId('');
        }}
        error={recipients.isError ? ORDER_MESSAGES.recipientsLoadFailed : undefined}
      />
      <NativeSelect
        label="Address"
        data={addressOptions}
        value={addressId}
        disabled={!recipientId}
        onChange={(e) => setAddressId(e.currentTarget.value)}
      />
      <NativeSelect
        label="Contact"
        data={contactOptions}
        value={contactId}
        disabled={!recipientId}
        onChange={(e) => setContactId(e.currentTarget.value)}
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

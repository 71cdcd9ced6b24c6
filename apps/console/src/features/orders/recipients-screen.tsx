import { useCallback, useState } from 'react';
import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import type { OrderRecipient } from '@vigil/domain';
import { useDeleteRecipient } from '../../api/orders';
import { useSignedIn } from '../../session/session';
import { confirmDelete } from '../../ui/confirm-delete';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { RecipientDrawer } from './recipient-drawer';
import { RecipientFormModal } from './recipient-form-modal';
import { RecipientTable } from './recipient-table';

/**
 * Operations › Orders Address Book (SPEC §2.1 /operations/orders/recipients, §3, issue 22): who
 * receives orders, with their addresses and contacts (opened from a row). Every change, deletion
 * included, takes update Order; a recipient an order in progress names cannot be deleted.
 */
export function RecipientsScreen() {
  const { ability } = useSignedIn();
  const mayUpdate = ability.can('update', 'Order');
  const remove = useDeleteRecipient();
  const [editing, setEditing] = useState<OrderRecipient | 'new' | null>(null);
  const [open, setOpen] = useState<OrderRecipient | null>(null);

  const rowActions = useCallback(
    (recipient: OrderRecipient) => (
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Addresses and contacts">
          <ActionIcon
            variant="subtle"
            aria-label={`Addresses and contacts of ${recipient.name}`}
            onClick={() => setOpen(recipient)}
          >
            <IconAddressBook size={16} />
          </ActionIcon>
        </Tooltip>
        {mayUpdate && (
          <RowActions
            name={recipient.name}
            onEdit={() => setEditing(recipient)}
            onDelete={() =>
              void confirmDelete(recipient, remove, {
                title: 'Delete recipient',
                message: (r) => `Delete ${r.name} with its addresses and contacts?`,
              })
            }
          />
        )}
      </Group>
    ),
    [mayUpdate, remove],
  );

  return (
    <Stack>
      <PageHeader
        title="Orders Address Book"
        description="Who receives orders: each recipient's addresses and contacts. Open a recipient to edit them."
      />
      <RecipientTable
        rowActions={rowActions}
        onRowClick={setOpen}
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
      />
      {editing && (
        <RecipientFormModal recipient={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {open && <RecipientDrawer recipient={open} mayUpdate={mayUpdate} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

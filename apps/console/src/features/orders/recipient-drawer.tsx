import { useState, type ReactNode } from 'react';
import { Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  CONTACT_KIND_LABELS,
  formatOrderAddress,
  type OrderAddress,
  type OrderContact,
  type OrderRecipient,
} from '@vigil/domain';
import { orderQueries, useDeleteAddress, useDeleteContact } from '../../api/orders';
import { confirmDelete } from '../../ui/confirm-delete';
import { ErrorPanel } from '../../ui/error-panel';
import { RowActions } from '../../ui/row-actions';
import { AddressFormModal } from './address-form-modal';
import { ContactFormModal } from './contact-form-modal';

/** One part of a recipient's book (addresses or contacts): heading, Add, and its rows or state. */
function BookSection<T>({
  title,
  addLabel,
  empty,
  query,
  onAdd,
  row,
}: {
  title: string;
  addLabel: string;
  empty: string;
  query: UseQueryResult<T[]>;
  onAdd?: () => void;
  row: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {title}
        </Title>
        {onAdd && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
          >
            {addLabel}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>{query.data.map(row)}</Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * A recipient's addresses and contacts (SPEC §3; the Orders Address Book, issue 22), each added,
 * edited and deleted here by who may update Order; deletion asks first.
 */
export function RecipientDrawer({
  recipient,
  mayUpdate,
  onClose,
}: {
  recipient: OrderRecipient;
  mayUpdate: boolean;
  onClose: () => void;
}) {
  const addresses = useQuery(orderQueries.addresses(recipient.id));
  const contacts = useQuery(orderQueries.contacts(recipient.id));
  const removeAddress = useDeleteAddress();
  const removeContact = useDeleteContact();
  const [address, setAddress] = useState<OrderAddress | 'new' | null>(null);
  const [contact, setContact] = useState<OrderContact | 'new' | null>(null);

  return (
    <>
      {/* Mantine's close button is an icon without a name (axe: button-name); the theme names the modal's only. */}
      <Drawer
        opened
        onClose={onClose}
        position="right"
        size="lg"
        title={recipient.name}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="xl">
          <BookSection<OrderAddress>
            title="Addresses"
            addLabel="Add address"
            empty="No addresses yet"
            query={addresses}
            onAdd={mayUpdate ? () => setAddress('new') : undefined}
            row={(a) => {
              const line = formatOrderAddress(a);
              return (
                <Table.Tr key={a.id}>
                  <Table.Td>{line}</Table.Td>
                  <Table.Td>
                    {mayUpdate && (
                      <RowActions
                        name={line}
                        onEdit={() => setAddress(a)}
                        onDelete={() =>
                          void confirmDelete(a, removeAddress, {
                            title: 'Delete address',
                            message: () => `Delete the address ${line}?`,
                          })
                        }
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            }}
          />
          <BookSection<OrderContact>
            title="Contacts"
            addLabel="Add contact"
            empty="No contacts yet"
            query={contacts}
            onAdd={mayUpdate ? () => setContact('new') : undefined}
            row={(c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{CONTACT_KIND_LABELS[c.kind]}</Table.Td>
                <Table.Td>{c.value}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>
                  {mayUpdate && (
                    <RowActions
                      name={`${CONTACT_KIND_LABELS[c.kind]} ${c.value}`}
                      onEdit={() => setContact(c)}
                      onDelete={() =>
                        void confirmDelete(c, removeContact, {
                          title: 'Delete contact',
                          message: () => `Delete the contact ${c.value}?`,
                        })
                      }
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Stack>
      </Drawer>
      {address && (
        <AddressFormModal
          recipientId={recipient.id}
          address={address === 'new' ? null : address}
          onClose={() => setAddress(null)}
        />
      )}
      {contact && (
        <ContactFormModal
          recipientId={recipient.id}
          contact={contact === 'new' ? null : contact}
          onClose={() => setContact(null)}
        />
      )}
    </>
  );
}

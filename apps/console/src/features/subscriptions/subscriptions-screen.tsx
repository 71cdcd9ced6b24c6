import { useState } from 'react';
import { ActionIcon, Badge, Button, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconSend } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { SUBSCRIPTION_TEST_QUEUED, recipientLabel, type Subscription } from '@vigil/domain';
import { messages } from '../../api/messages';
import {
  SUBSCRIPTIONS_API,
  useAnySubscription,
  useDeleteSubscription,
  usePauseSubscription,
  useTestSubscription,
} from '../../api/subscriptions';
import { useSignedIn } from '../../session/session';
import { confirmDelete } from '../../ui/confirm-delete';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { TableSkeleton } from '../../ui/table-skeleton';
import { SubscriptionFormModal } from './subscription-form-modal';
import { addressText, modesText, momentsText, subscriptionName } from './subscription-labels';

const COLUMNS: ColumnDef<Subscription>[] = [
  { id: 'recipient', header: 'Recipient', accessorFn: (s) => recipientLabel(s.recipient) },
  { id: 'address', header: 'Address', accessorFn: addressText },
  { id: 'zone', header: 'Zone', accessorFn: (s) => s.zone.name },
  { id: 'modes', header: 'Modes', accessorFn: modesText },
  { id: 'moments', header: 'When', accessorFn: momentsText },
  {
    id: 'paused',
    header: 'State',
    cell: ({ row }) =>
      row.original.paused ? (
        <Badge color="gray" variant="light">
          Paused
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Active
        </Badge>
      ),
  },
];

const ADD = 'Add subscription';

/**
 * /subscriptions (issue 16, SPEC §6 Subscription): who is told of which alerts, and how. Add, edit,
 * pause or resume, send a test message, and delete (after asking), each offered to who may.
 */
export function SubscriptionsScreen() {
  const { ability } = useSignedIn();
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const any = useAnySubscription();
  const remove = useDeleteSubscription();
  const pause = usePauseSubscription();
  const test = useTestSubscription();
  const mayUpdate = ability.can('update', 'Subscription');
  const mayDelete = ability.can('delete', 'Subscription');
  const add = mayUpdate ? () => setEditing('new') : undefined;

  function setPaused(sub: Subscription, paused: boolean) {
    pause.mutate({ id: sub.id, paused }, { onError: (err) => notifyListError('update', err) });
  }

  function sendTest(sub: Subscription) {
    test.mutate(sub.id, {
      onSuccess: () => notifications.show({ color: 'green', message: SUBSCRIPTION_TEST_QUEUED }),
      onError: (err) => notifications.show({ color: 'red', message: messages.problem(err) }),
    });
  }

  const rowActions = (sub: Subscription) => {
    const name = subscriptionName(sub);
    return (
      <>
        {mayUpdate && (
          <Tooltip label={sub.paused ? 'Resume' : 'Pause'}>
            <ActionIcon
              variant="subtle"
              aria-label={`${sub.paused ? 'Resume' : 'Pause'} ${name}`}
              onClick={() => setPaused(sub, !sub.paused)}
            >
              {sub.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
        {mayUpdate && (
          <Tooltip label="Send a test message now">
            <ActionIcon variant="subtle" aria-label={`Send a test to ${name}`} onClick={() => sendTest(sub)}>
              <IconSend size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <RowActions
          name={name}
          onEdit={mayUpdate ? () => setEditing(sub) : undefined}
          onDelete={
            mayDelete
              ? () =>
                  void confirmDelete(sub, remove, {
                    title: 'Delete subscription',
                    message: (s) =>
                      `Delete the subscription of ${recipientLabel(s.recipient)} to alerts in ${s.zone.name}? They will no longer be told.`,
                  })
              : undefined
          }
        />
      </>
    );
  };

  return (
    <Stack>
      <PageHeader
        title="Subscriptions"
        description="Who is told of alerts away from the console, by e-mail, SMS, pager or another system."
      />
      {any.isPending ? (
        <TableSkeleton rows={5} columns={COLUMNS.length} />
      ) : any.isError ? (
        <ErrorPanel error={any.error} onRetry={() => void any.refetch()} />
      ) : any.data.total === 0 ? (
        <EmptyState
          title="No subscriptions yet"
          description="Add one to tell a user or a contact of the alerts in a zone."
          action={
            add && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
                {ADD}
              </Button>
            )
          }
        />
      ) : (
        <DataTable<Subscription>
          api={SUBSCRIPTIONS_API}
          columns={COLUMNS}
          stateKey="subscriptions"
          searchPlaceholder="Search by recipient or address"
          onAdd={add}
          addLabel={ADD}
          emptyText="No subscriptions match"
          rowActions={rowActions}
        />
      )}
      {editing && (
        <SubscriptionFormModal
          subscription={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

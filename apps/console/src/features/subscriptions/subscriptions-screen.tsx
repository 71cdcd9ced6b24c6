import { useState } from 'react';
import { ActionIcon, Badge, Button, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconSend } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { SUBSCRIPTION_TEST_QUEUED, recipientLabel, type Subscription } from '@vigil/domain';
import { messages } from '../../api/messages';
import {
  MINE_PARAMS,
  SUBSCRIPTIONS_API,
  useAnySubscription,
  useDeleteSubscription,
  usePauseSubscription,
  useTestSubscription,
} from '../../api/subscriptions';
import { confirmDelete } from '../../ui/confirm-delete';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { PageHeader } from '../../ui/page-header';
import { RowActions } from '../../ui/row-actions';
import { TableSkeleton } from '../../ui/table-skeleton';
import { useSubscriptionAccess } from './subscription-access';
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

/** A caller's own subscriptions all tell the caller: the recipient column would say so on every row. */
const OWN_COLUMNS = COLUMNS.filter((c) => c.id !== 'recipient');

const ADD = 'Add subscription';

/** How the screen reads for everyone's subscriptions, and for a user's own (issue 16 "their own"). */
const TEXTS = {
  all: {
    title: 'Subscriptions',
    description: 'Who is told of alerts away from the console, by e-mail, SMS, pager or another system.',
    emptyTitle: 'No subscriptions yet',
    emptyDescription: 'Add one to tell a user or a contact of the alerts in a zone.',
    search: 'Search by recipient or address',
    deleteMessage: (s: Subscription) =>
      `Delete the subscription of ${recipientLabel(s.recipient)} to alerts in ${s.zone.name}? They will no longer be told.`,
  },
  own: {
    title: 'My notifications',
    description: 'The alerts you are told of by e-mail, away from the console.',
    emptyTitle: 'You are told of no alerts yet',
    emptyDescription: 'Add a subscription to be told by e-mail of the alerts in a zone.',
    search: 'Search',
    deleteMessage: (s: Subscription) =>
      `Delete your subscription to alerts in ${s.zone.name}? You will no longer be told of them.`,
  },
} as const;

/**
 * /subscriptions (issue 16, SPEC §6 Subscription): who is told of which alerts, and how. A user
 * allowed to list Subscription sees every one of its scope; any other user, as 'My notifications',
 * its own. Add, edit, pause or resume, send a test message, and delete (after asking), each offered
 * where the caller may (domain mayManageSubscription, the server's rule).
 */
export function SubscriptionsScreen() {
  const access = useSubscriptionAccess();
  const own = access.listReach === 'own';
  const texts = own ? TEXTS.own : TEXTS.all;
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const any = useAnySubscription(own);
  const remove = useDeleteSubscription();
  const pause = usePauseSubscription();
  const test = useTestSubscription();
  const add = access.createReach !== 'none' ? () => setEditing('new') : undefined;
  const columns = own ? OWN_COLUMNS : COLUMNS;

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
    const mayPause = access.may('pause', sub);
    return (
      <>
        {mayPause && (
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
        {access.may('test', sub) && (
          <Tooltip label="Send a test message now">
            <ActionIcon variant="subtle" aria-label={`Send a test to ${name}`} onClick={() => sendTest(sub)}>
              <IconSend size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <RowActions
          name={name}
          onEdit={access.may('update', sub) ? () => setEditing(sub) : undefined}
          onDelete={
            access.may('delete', sub)
              ? () =>
                  void confirmDelete(sub, remove, {
                    title: 'Delete subscription',
                    message: texts.deleteMessage,
                  })
              : undefined
          }
        />
      </>
    );
  };

  return (
    <Stack>
      <PageHeader title={texts.title} description={texts.description} />
      {any.isPending ? (
        <TableSkeleton rows={5} columns={columns.length} />
      ) : any.isError ? (
        <ErrorPanel error={any.error} onRetry={() => void any.refetch()} />
      ) : any.data.total === 0 ? (
        <EmptyState
          title={texts.emptyTitle}
          description={texts.emptyDescription}
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
          columns={columns}
          params={own ? MINE_PARAMS : undefined}
          // The own list has other columns: its choices are kept apart.
          stateKey={own ? 'my-subscriptions' : 'subscriptions'}
          searchPlaceholder={texts.search}
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

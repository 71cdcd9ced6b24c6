import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CHANNEL_LABELS } from '@vigil/domain';
import { messages } from '../../api/messages';
import {
  DELIVERY_STATE_BADGES,
  deliveryWhat,
  useAlertDeliveries,
  useRevokeAlertLinks,
} from '../../api/notifications';
import { confirmAction } from '../../ui/confirm';
import { useSignedIn } from '../../session/session';
import { EmptyState } from '../../ui/empty-state';
import { ErrorPanel } from '../../ui/error-panel';
import { TableSkeleton } from '../../ui/table-skeleton';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * Issue 16: the notifications this alert caused (its delivery log): whom, what, over which channel,
 * the state and attempts, the last error and when it arrived; asked again every 5 s while one is
 * pending. Only for callers who may read alerts (the server checks the alert is in their scope).
 */
export function AlertDeliveries({ alertId }: { alertId: string }) {
  const { ability } = useSignedIn();
  const allowed = ability.can('read', 'Alert');
  if (!allowed) return null;
  return (
    <Stack component="section" aria-labelledby="alert-notifications-title" gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4" id="alert-notifications-title">
          Notifications
        </Title>
        {ability.can('update', 'Alert') && <RevokeLinks alertId={alertId} />}
      </Group>
      <DeliveryTable alertId={alertId} />
    </Stack>
  );
}

/**
 * Issue 16 "revocable": every link this alert's notifications carried stops working (a message
 * forwarded to the wrong person). Asks first; says how many were revoked.
 */
function RevokeLinks({ alertId }: { alertId: string }) {
  const revoke = useRevokeAlertLinks();
  async function run() {
    const sure = await confirmAction({
      title: 'Revoke alert links',
      message:
        'The links sent with this alert’s notifications will stop working, for good. Recipients can no longer open or acknowledge the alert with them.',
      confirmLabel: 'Revoke links',
      danger: true,
    });
    if (!sure) return;
    revoke.mutate(alertId, {
      onSuccess: ({ revoked }) =>
        notifications.show({
          color: 'green',
          message:
            revoked === 0
              ? 'No link was active.'
              : `${revoked} alert link${revoked === 1 ? '' : 's'} revoked.`,
        }),
      onError: (err) => notifications.show({ color: 'red', message: messages.couldNotUpdate(err) }),
    });
  }
  return (
    <Button variant="default" color="red" size="xs" loading={revoke.isPending} onClick={() => void run()}>
      Revoke alert links
    </Button>
  );
}

function DeliveryTable({ alertId }: { alertId: string }) {
  const deliveries = useAlertDeliveries(alertId);
  if (deliveries.isPending) return <TableSkeleton rows={2} columns={7} />;
  if (deliveries.isError)
    return <ErrorPanel error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  const rows = deliveries.data.data;
  if (rows.length === 0) return <EmptyState title="No notifications were sent for this alert" />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-labelledby="alert-notifications-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last error</Table.Th>
            <Table.Th>Delivered</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => {
            const badge = DELIVERY_STATE_BADGES[d.state];
            return (
              <Table.Tr key={d.id}>
                <Table.Td>{d.recipient}</Table.Td>
                <Table.Td>{deliveryWhat(d)}</Table.Td>
                <Table.Td>{CHANNEL_LABELS[d.channel]}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {d.address}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={badge.color} variant="light">
                    {badge.label}
                  </Badge>
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>{d.lastError ?? ''}</Table.Td>
                <Table.Td>
                  {d.deliveredAt ? <time dateTime={d.deliveredAt}>{when(d.deliveredAt)}</time> : ''}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

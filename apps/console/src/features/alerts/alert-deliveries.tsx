import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { CHANNEL_LABELS } from '@vigil/domain';
import { DELIVERY_STATE_BADGES, deliveryWhat, useAlertDeliveries } from '../../api/notifications';
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
      <Title order={2} size="h4" id="alert-notifications-title">
        Notifications
      </Title>
      <DeliveryTable alertId={alertId} />
    </Stack>
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

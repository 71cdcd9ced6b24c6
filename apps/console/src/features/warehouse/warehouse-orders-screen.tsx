import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Order } from '@vigil/domain';
import { warehouseQueries } from '../../api/warehouse';
import { WarehousePage } from './warehouse-page';

// SPEC §2.1 /warehouse/orders (issue 22): the orders still to pick, check and ship.

const WORKING: readonly Order['state'][] = ['open', 'picking', 'qc'];
const STATE_LABEL: Partial<Record<Order['state'], string>> = {
  open: 'Open',
  picking: 'Picking',
  qc: 'Quality control',
};

/** The orders the warehouse works on (open, picking, qc), oldest first. */
export function useWorkingOrders() {
  const orders = useQuery(warehouseQueries.openOrders());
  const working = (orders.data ?? [])
    .filter((o) => WORKING.includes(o.state))
    .sort((a, b) => a.number - b.number);
  return { ...orders, working };
}

const linesOf = (order: Order) => order.lines.map((l) => `${l.quantity} × ${l.sku}`).join(', ');

/** One order as a card: reference, customer, lines, state, and the ways to its steps. */
export function OrderCard({ order, children }: { order: Order; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="li" aria-label={order.reference}>
      <Group justify="space-between" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text fw={800} size="xl">
            {order.reference} · {order.customer.name}
          </Text>
          <Text size="lg">{linesOf(order)}</Text>
          <Text size="lg">{STATE_LABEL[order.state] ?? order.state}</Text>
        </Stack>
        <Group gap="sm">{children}</Group>
      </Group>
    </Paper>
  );
}

/** The list of working orders, each with `actions`. */
export function WorkingOrders({ actions }: { actions: (order: Order) => React.ReactNode }) {
  const orders = useWorkingOrders();
  if (orders.isPending) return <Skeleton height={160} aria-label="Loading the orders" />;
  if (orders.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        <Text c="black">Could not load the orders: {orders.error.message}</Text>
      </Alert>
    );
  if (orders.working.length === 0) return <Text size="lg">No open orders.</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders">
      {orders.working.map((order) => (
        <OrderCard key={order.id} order={order}>
          {actions(order)}
        </OrderCard>
      ))}
    </Stack>
  );
}

export function WarehouseOrdersScreen() {
  return (
    <WarehousePage title="Orders">
      <WorkingOrders
        actions={(order) => (
          <>
            <Button component={Link} to={`/warehouse/logistics/ship/${order.number}`} size="lg">
              Ship {order.reference}
            </Button>
            <Button
              component={Link}
              to={`/warehouse/logistics/qc/${order.number}`}
              size="lg"
              variant="default"
            >
              Check {order.reference}
            </Button>
          </>
        )}
      />
    </WarehousePage>
  );
}

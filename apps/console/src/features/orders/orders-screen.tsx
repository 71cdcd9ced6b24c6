import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Group, NativeSelect, Stack, Tooltip } from '@mantine/core';
import { IconBan, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  isOrderActive,
  orderEditVerdict,
  type Order,
  type OrderState,
} from '@vigil/domain';
import { ORDERS_API, orderQueries, useCancelOrder } from '../../api/orders';
import { useSignedIn } from '../../session/session';
import { confirmAction } from '../../ui/confirm';
import { DataTable } from '../../ui/data-table/data-table';
import { notifyListError } from '../../ui/data-table/list-errors';
import { PageHeader } from '../../ui/page-header';
import { ORDER_COLUMNS } from './order-columns';
import { OrderFormModal } from './order-form-modal';
import { orderListParams, useOrderFilters, type OrderFilters } from './use-order-filters';

// The filters sit on the table's toolbar without a visible label, so each choice says what it filters.
const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...ORDER_STATES.map((state) => ({ value: state, label: ORDER_STATE_LABELS[state] })),
];

function OrderListFilters({
  filters,
  update,
}: {
  filters: OrderFilters;
  update: (patch: Partial<OrderFilters>) => void;
}) {
  const customers = useQuery(orderQueries.customers());
  const customerOptions = useMemo(
    () => [
      { value: '', label: 'All customers' },
      ...(customers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ],
    [customers.data],
  );
  return (
    <>
      <NativeSelect
        aria-label="State"
        data={STATE_OPTIONS}
        value={filters.state ?? ''}
        onChange={(e) => update({ state: (e.currentTarget.value || null) as OrderState | null })}
      />
      <NativeSelect
        aria-label="Customer"
        data={customerOptions}
        value={filters.customer ?? ''}
        onChange={(e) => update({ customer: e.currentTarget.value || null })}
        maw="18rem"
      />
    </>
  );
}

/** Cancels after asking; a refusal shows SPEC §8's 'Sorry, could not update: <reason>.'. */
async function confirmCancel(order: Order, cancel: ReturnType<typeof useCancelOrder>) {
  const ok = await confirmAction({
    title: 'Cancel order',
    message: `Cancel ${order.reference} for ${order.customer.name}? It cannot be reopened.`,
    confirmLabel: 'Cancel order',
    danger: true,
  });
  if (ok) cancel.mutate(order.id, { onError: (err) => notifyListError('update', err) });
}

/**
 * Operations › Orders (SPEC §2.1 /operations/orders, issue 22): customer orders of orderable SKUs,
 * from open to shipped. A new order goes to a recipient of the Orders Address Book; an open order
 * can be edited, and any order not yet shipped cancelled.
 */
export function OrdersScreen() {
  const { ability } = useSignedIn();
  const [filters, update] = useOrderFilters();
  const [editing, setEditing] = useState<Order | 'new' | null>(null);
  const cancel = useCancelOrder();
  const params = useMemo(() => orderListParams(filters), [filters]);
  const mayUpdate = ability.can('update', 'Order');

  const rowActions = useCallback(
    (order: Order) => (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {orderEditVerdict(order.state).ok && (
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${order.reference}`}
              onClick={() => setEditing(order)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {isOrderActive(order.state) && (
          <Tooltip label="Cancel order">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Cancel ${order.reference}`}
              onClick={() => void confirmCancel(order, cancel)}
            >
              <IconBan size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [cancel],
  );

  return (
    <Stack>
      <PageHeader
        title="Orders"
        description="Customer orders of devices, from open through picking and quality control to shipped. Only an open order can be changed."
      />
      <DataTable<Order>
        api={ORDERS_API}
        params={params}
        columns={ORDER_COLUMNS}
        stateKey="orders"
        filters={<OrderListFilters filters={filters} update={update} />}
        searchPlaceholder="Search by order number or notes"
        onAdd={mayUpdate ? () => setEditing('new') : undefined}
        addLabel="New order"
        emptyText="No orders match"
        rowActions={mayUpdate ? rowActions : undefined}
      />
      {editing && (
        <OrderFormModal order={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderListFilters } from '@vigil/domain';
import type { Db } from '../platform/db/client';
import { orders } from '../db/schema';
import { notFound } from '../platform/errors';
import { parseListQueryOrThrow, runList, type ListSpec } from '../platform/list/list';
import { findOrder } from './write-order';
import { ORDER_NOT_FOUND, toOrder, toOrders } from './order-rows';

/** GET /api/orders: searched by reference (ORD-12, or 12) and notes; filtered by state and customer. */
export const ORDER_LIST_SPEC: ListSpec = {
  fields: {
    number: { sql: orders.number, type: 'number' },
    createdAt: { sql: orders.createdAt, type: 'timestamp' },
    updatedAt: { sql: orders.updatedAt, type: 'timestamp' },
  },
  sortable: {
    number: orders.number,
    createdAt: orders.createdAt,
    state: orders.state,
    updatedAt: orders.updatedAt,
  },
  defaultOrder: '-number',
  idColumn: orders.id,
  search: [sql`'ORD-' || ${orders.number}`, orders.notes],
};

function filtersSql(orgId: string, filters: OrderListFilters): SQL {
  return and(
    eq(orders.orgId, orgId),
    filters.state ? eq(orders.state, filters.state) : undefined,
    filters.customer ? eq(orders.customerOrgId, filters.customer) : undefined,
  )!;
}

export async function listOrders(
  db: Db,
  orgId: string,
  query: Record<string, unknown>,
  filters: OrderListFilters,
) {
  const parsed = parseListQueryOrThrow(query, ORDER_LIST_SPEC);
  const page = await runList(db, orders, ORDER_LIST_SPEC, parsed, filtersSql(orgId, filters));
  return { ...page, data: await toOrders(db, page.data) };
}

/** GET /api/orders/{id}: another organisation's order is a 404. */
export async function getOrder(db: Db, orgId: string, id: string): Promise<Order> {
  const row = await findOrder(db, orgId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(db, row);
}

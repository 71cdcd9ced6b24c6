import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  orderCreateSchema,
  orderCustomersAnswerSchema,
  orderListFiltersSchema,
  orderListSchema,
  orderSchema,
  orderUpdateSchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { listQueryString } from '../platform/list/query-string';
import { orderBookRoutes } from './book-routes';
import { listCustomers } from './customers';
import { ORDER_LIST_SPEC, getOrder, listOrders } from './list-orders';
import { cancelOrder, createOrder, updateOrder } from './write-order';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const filters = orderListFiltersSchema.shape;

/**
 * Issue 22 "Operations": customer orders (SPEC §2.1 /operations/orders) of the caller's
 * organisation, and its Orders Address Book. SPEC §6 Order: list and read to see them, update for
 * every write (SPEC §6 has no create action).
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderBookRoutes);

  app.get(
    '/api/orders/customers',
    {
      config: { permission: ['list', 'Order'] },
      schema: { response: { 200: orderCustomersAnswerSchema, 403: errorSchema } },
    },
    async (req) => listCustomers(app.db, callerOf(req)),
  );

  app.get(
    '/api/orders',
    {
      config: { permission: ['list', 'Order'] },
      schema: {
        querystring: listQueryString(ORDER_LIST_SPEC, {
          state: filters.state.describe('Orders in this state'),
          customer: filters.customer.describe('Orders for this customer organisation'),
        }),
        response: { 200: orderListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    // Checked by the querystring schema already; parsed again for their types.
    async (req) =>
      listOrders(app.db, callerOf(req).org.id, req.query, orderListFiltersSchema.parse(req.query)),
  );

  app.get(
    '/api/orders/:id',
    {
      config: { permission: ['read', 'Order'] },
      schema: { params: idParams, response: { 200: orderSchema, 403: errorSchema, 404: errorSchema } },
    },
    async (req) => getOrder(app.db, callerOf(req).org.id, req.params.id),
  );

  app.post(
    '/api/orders',
    {
      config: { permission: ['update', 'Order'] },
      schema: { body: orderCreateSchema, response: { 200: orderSchema, ...errors } },
    },
    async (req) => createOrder(app.db, actorOf(req), req.body),
  );

  app.put(
    '/api/orders/:id',
    {
      config: { permission: ['update', 'Order'] },
      schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderSchema, ...errors } },
    },
    async (req) => updateOrder(app.db, actorOf(req), req.params.id, req.body),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      config: { permission: ['update', 'Order'] },
      schema: { params: idParams, response: { 200: orderSchema, ...errors } },
    },
    async (req) => cancelOrder(app.db, actorOf(req), req.params.id),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  orderAddressBodySchema,
  orderAddressListSchema,
  orderAddressSchema,
  orderAddressUpdateSchema,
  orderBookFiltersSchema,
  orderContactBodySchema,
  orderContactListSchema,
  orderContactSchema,
  orderContactUpdateSchema,
  orderRecipientBodySchema,
  orderRecipientListSchema,
  orderRecipientSchema,
} from '@vigil/domain';
import { actorOf, callerOf } from '../platform/access';
import { listQueryString } from '../platform/list/query-string';
import { ADDRESS_LIST_SPEC, createAddress, deleteAddress, listAddresses, updateAddress } from './addresses';
import { CONTACT_LIST_SPEC, createContact, deleteContact, listContacts, updateContact } from './contacts';
import {
  RECIPIENT_LIST_SPEC,
  createRecipient,
  deleteRecipient,
  listRecipients,
  updateRecipient,
} from './recipients';

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const recipientFilter = {
  recipient: orderBookFiltersSchema.shape.recipient.describe("Only this recipient's rows"),
};

/**
 * SPEC §7 GET orders/recipients, orders/addresses, orders/contacts: the Orders Address Book (SPEC
 * §2.1 /operations/orders/recipients, issue 22) of the caller's organisation. SPEC §6 has no create
 * action and the book is the orders' own: reading it takes list Order, every write update Order.
 */
export const orderBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = { permission: ['list', 'Order'] } as const;
  const write = { permission: ['update', 'Order'] } as const;

  app.get(
    '/api/orders/recipients',
    {
      config: list,
      schema: {
        querystring: listQueryString(RECIPIENT_LIST_SPEC),
        response: { 200: orderRecipientListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) => listRecipients(app.db, callerOf(req).org.id, req.query),
  );
  app.post(
    '/api/orders/recipients',
    {
      config: write,
      schema: { body: orderRecipientBodySchema, response: { 200: orderRecipientSchema, ...errors } },
    },
    async (req) => createRecipient(app.db, actorOf(req), req.body),
  );
  app.put(
    '/api/orders/recipients/:id',
    {
      config: write,
      schema: {
        params: idParams,
        body: orderRecipientBodySchema,
        response: { 200: orderRecipientSchema, ...errors },
      },
    },
    async (req) => updateRecipient(app.db, actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/orders/recipients/:id',
    { config: write, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteRecipient(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/orders/addresses',
    {
      config: list,
      schema: {
        querystring: listQueryString(ADDRESS_LIST_SPEC, recipientFilter),
        response: { 200: orderAddressListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) =>
      listAddresses(app.db, callerOf(req).org.id, req.query, orderBookFiltersSchema.parse(req.query)),
  );
  app.post(
    '/api/orders/addresses',
    {
      config: write,
      schema: { body: orderAddressBodySchema, response: { 200: orderAddressSchema, ...errors } },
    },
    async (req) => createAddress(app.db, actorOf(req), req.body),
  );
  app.put(
    '/api/orders/addresses/:id',
    {
      config: write,
      schema: {
        params: idParams,
        body: orderAddressUpdateSchema,
        response: { 200: orderAddressSchema, ...errors },
      },
    },
    async (req) => updateAddress(app.db, actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/orders/addresses/:id',
    { config: write, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteAddress(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/orders/contacts',
    {
      config: list,
      schema: {
        querystring: listQueryString(CONTACT_LIST_SPEC, recipientFilter),
        response: { 200: orderContactListSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (req) =>
      listContacts(app.db, callerOf(req).org.id, req.query, orderBookFiltersSchema.parse(req.query)),
  );
  app.post(
    '/api/orders/contacts',
    {
      config: write,
      schema: { body: orderContactBodySchema, response: { 200: orderContactSchema, ...errors } },
    },
    async (req) => createContact(app.db, actorOf(req), req.body),
  );
  app.put(
    '/api/orders/contacts/:id',
    {
      config: write,
      schema: {
        params: idParams,
        body: orderContactUpdateSchema,
        response: { 200: orderContactSchema, ...errors },
      },
    },
    async (req) => updateContact(app.db, actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/api/orders/contacts/:id',
    { config: write, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteContact(app.db, actorOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};

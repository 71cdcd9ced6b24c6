import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PAGE_LIMIT,
  orderAddressListSchema,
  orderContactListSchema,
  orderCustomersAnswerSchema,
  orderRecipientListSchema,
  type Order,
  type OrderAddress,
  type OrderAddressBody,
  type OrderAddressUpdate,
  type OrderContact,
  type OrderContactBody,
  type OrderContactUpdate,
  type OrderCreate,
  type OrderRecipient,
  type OrderRecipientBody,
  type OrderUpdate,
} from '@vigil/domain';
import { api } from './client';
import { areaList } from './lists';

// Issue 22 "Operations": orders (GET/POST orders, PUT orders/{id}, POST orders/{id}/cancel) and the
// Orders Address Book (SPEC §7 GET orders/recipients, orders/addresses, orders/contacts).

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  customers: () => [...orderKeys.all, 'customers'] as const,
  book: () => [...orderKeys.all, 'book'] as const,
  recipientOptions: () => [...orderKeys.book(), 'options'] as const,
  addresses: (recipientId: string) => [...orderKeys.book(), 'addresses', recipientId] as const,
  contacts: (recipientId: string) => [...orderKeys.book(), 'contacts', recipientId] as const,
};

/** GET orders (list contract), with its own `state` and `customer` filters. */
export const ORDERS_API = areaList(orderKeys.lists(), 'orders');
/** SPEC §7 GET orders/recipients (list contract). */
export const RECIPIENTS_API = areaList([...orderKeys.book(), 'list'], 'orders/recipients');

const customers: z.ZodType<z.infer<typeof orderCustomersAnswerSchema>> = orderCustomersAnswerSchema;
const recipients: z.ZodType<z.infer<typeof orderRecipientListSchema>> = orderRecipientListSchema;
const addresses: z.ZodType<z.infer<typeof orderAddressListSchema>> = orderAddressListSchema;
const contacts: z.ZodType<z.infer<typeof orderContactListSchema>> = orderContactListSchema;

/** A whole small list at once: a recipient's addresses or contacts, the book's recipients to choose from. */
const ALL = { limit: PAGE_LIMIT };

export const orderQueries = {
  /** GET orders/customers: the organisations the caller may order for. */
  customers: () =>
    queryOptions({
      queryKey: orderKeys.customers(),
      queryFn: async ({ signal }) => (await api.get('orders/customers', { signal, schema: customers })).data,
    }),
  /** The book's recipients, by name, for the order form's select. */
  recipientOptions: () =>
    queryOptions({
      queryKey: orderKeys.recipientOptions(),
      queryFn: async ({ signal }) =>
        (
          await api.get('orders/recipients', {
            query: { ...ALL, orderBy: 'name' },
            signal,
            schema: recipients,
          })
        ).data,
    }),
  /** SPEC §7 GET orders/addresses of one recipient. */
  addresses: (recipientId: string) =>
    queryOptions({
      queryKey: orderKeys.addresses(recipientId),
      queryFn: async ({ signal }) =>
        (
          await api.get('orders/addresses', {
            query: { ...ALL, recipient: recipientId },
            signal,
            schema: addresses,
          })
        ).data,
    }),
  /** SPEC §7 GET orders/contacts of one recipient. */
  contacts: (recipientId: string) =>
    queryOptions({
      queryKey: orderKeys.contacts(recipientId),
      queryFn: async ({ signal }) =>
        (
          await api.get('orders/contacts', {
            query: { ...ALL, recipient: recipientId },
            signal,
            schema: contacts,
          })
        ).data,
    }),
};

// Every write refreshes the whole area: an order shows its recipient's names, a recipient its counts.
function useOrdersMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function useCreateOrder() {
  return useOrdersMutation((body: OrderCreate) => api.post<Order>('orders', { body }));
}

export function useUpdateOrder() {
  return useOrdersMutation(({ id, ...body }: OrderUpdate & { id: string }) =>
    api.put<Order>(path('orders', id), { body }),
  );
}

export function useCancelOrder() {
  return useOrdersMutation((id: string) => api.post<Order>(`${path('orders', id)}/cancel`));
}

export function useCreateRecipient() {
  return useOrdersMutation((body: OrderRecipientBody) =>
    api.post<OrderRecipient>(RECIPIENTS_API.path, { body }),
  );
}

export function useUpdateRecipient() {
  return useOrdersMutation(({ id, ...body }: OrderRecipientBody & { id: string }) =>
    api.put<OrderRecipient>(path(RECIPIENTS_API.path, id), { body }),
  );
}

export function useDeleteRecipient() {
  return useOrdersMutation((id: string) => api.delete(path(RECIPIENTS_API.path, id)));
}

/** POST orders/addresses (a new one, with its recipient) or PUT orders/addresses/{id}. */
export function useSaveAddress() {
  return useOrdersMutation((body: OrderAddressBody | (OrderAddressUpdate & { id: string })) => {
    if ('id' in body) {
      const { id, ...update } = body;
      return api.put<OrderAddress>(path('orders/addresses', id), { body: update });
    }
    return api.post<OrderAddress>('orders/addresses', { body });
  });
}

export function useDeleteAddress() {
  return useOrdersMutation((id: string) => api.delete(path('orders/addresses', id)));
}

/** POST orders/contacts (a new one, with its recipient) or PUT orders/contacts/{id}. */
export function useSaveContact() {
  return useOrdersMutation((body: OrderContactBody | (OrderContactUpdate & { id: string })) => {
    if ('id' in body) {
      const { id, ...update } = body;
      return api.put<OrderContact>(path('orders/contacts', id), { body: update });
    }
    return api.post<OrderContact>('orders/contacts', { body });
  });
}

export function useDeleteContact() {
  return useOrdersMutation((id: string) => api.delete(path('orders/contacts', id)));
}

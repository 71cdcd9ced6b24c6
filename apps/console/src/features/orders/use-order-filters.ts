import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATES, type OrderState } from '@vigil/domain';
import type { Query } from '../../api/client';

/** The orders' state and customer organisation (an id); null for all. */
export type OrderFilters = { state: OrderState | null; customer: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The /operations/orders filters, kept in the URL (?state=&customer=) so a filtered list can be shared. */
export function useOrderFilters() {
  const [query, setQuery] = useSearchParams();
  const stateParam = query.get('state');
  const customerParam = query.get('customer');
  const filters = useMemo<OrderFilters>(
    () => ({
      state: ORDER_STATES.includes(stateParam as OrderState) ? (stateParam as OrderState) : null,
      customer: customerParam && UUID.test(customerParam) ? customerParam : null,
    }),
    [stateParam, customerParam],
  );
  const update = useCallback(
    (patch: Partial<OrderFilters>) => {
      const next = new URLSearchParams(query);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setQuery(next, { replace: true });
    },
    [query, setQuery],
  );
  return [filters, update] as const;
}

/** GET orders' own `state` and `customer` parameters for the chosen filters. */
export function orderListParams(filters: OrderFilters): Query {
  return {
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.customer ? { customer: filters.customer } : {}),
  };
}

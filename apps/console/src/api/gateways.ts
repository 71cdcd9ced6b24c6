import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkResult,
  GatewayBatchOperation,
  GatewayBulkBody,
  GatewayCommandResult,
  GatewayDetail,
  GatewayMetrics,
  GatewaySkuFilter,
  GatewayUnassignBody,
  GatewayUpdateBody,
} from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

/** The location names every gateway list row carries (SPEC §7 `locationFields`). */
export const GATEWAY_LOCATION_FIELDS = 'floor,unit,area,path';

/** The query of one of the three gateway lists: SPEC §7 `sku=all`, or one SKU family. */
export const gatewayListParams = (sku: GatewaySkuFilter) => ({
  sku,
  locationFields: GATEWAY_LOCATION_FIELDS,
});

export const gatewayKeys = {
  all: ['gateways'] as const,
  lists: () => [...gatewayKeys.all, 'list'] as const,
  /** One page of a gateway list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(GATEWAYS_API, page),
  detail: (id: string) => [...gatewayKeys.all, 'detail', id] as const,
  /** Under the gateway's detail key, so a write to the gateway refreshes its metrics too. */
  metrics: (id: string) => [...gatewayKeys.detail(id), 'metrics'] as const,
};

/** GET /api/gateways (the list contract, plus `sku` and `locationFields`). */
export const GATEWAYS_API = areaList(gatewayKeys.lists(), 'gateways');

export const gatewayQueries = {
  /** GET /api/gateways/{id}: the gateway, its location names and latest commands. */
  detail: (id: string) =>
    queryOptions({
      queryKey: gatewayKeys.detail(id),
      queryFn: ({ signal }) => api.get<GatewayDetail>(`gateways/${id}`, { signal }),
    }),
  /** SPEC §7 GET metrics/gateways for one gateway over the last 24 hours (the server's default window). */
  metrics: (id: string) =>
    queryOptions({
      queryKey: gatewayKeys.metrics(id),
      queryFn: async ({ signal }) => {
        const answer = await api.get<{ data: GatewayMetrics[] }>('metrics/gateways', {
          query: { gateway: id },
          signal,
        });
        return answer.data[0] ?? null;
      },
    }),
};

export function useGateway(id: string) {
  return useQuery(gatewayQueries.detail(id));
}

export function useGatewayMetrics(id: string) {
  return useQuery(gatewayQueries.metrics(id));
}

function useGatewayMutation<V extends { id?: string }, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, vars) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gatewayKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: vars.id ? gatewayKeys.detail(vars.id) : gatewayKeys.all }),
      ]),
  });
}

/** PUT /api/gateways/{id} {location, labels, notes, coordinates, hasAltitudeOverride}. */
export function useUpdateGateway() {
  return useGatewayMutation(({ id, ...body }: GatewayUpdateBody & { id: string }) =>
    api.put<GatewayDetail>(`gateways/${id}`, { body }),
  );
}

/** POST /api/gateways/{id}/unassign {action, rmaReason}. */
export function useUnassignGateway() {
  return useGatewayMutation(({ id, ...body }: GatewayUnassignBody & { id: string }) =>
    api.post<GatewayDetail>(`gateways/${id}/unassign`, { body }),
  );
}

/** POST /api/gateways/{id}/command/diag: the gateway runs its diagnostics after its next heartbeat. */
export function useRunDiagnostics() {
  return useGatewayMutation(({ id }: { id: string }) =>
    api.post<GatewayCommandResult>(`gateways/${id}/command/diag`),
  );
}

export type GatewayBulkRequest = { ids: string[]; op: GatewayBatchOperation; args?: GatewayBulkBody['args'] };

/** Bulk PUT /api/gateways {ids, op, args}: every gateway or none; a 400 names the ineligible ones. */
export function useBulkGateways() {
  return useGatewayMutation(({ ids, op, args }: GatewayBulkRequest & { id?: undefined }) =>
    api.put<BulkResult>(GATEWAYS_API.path, { body: { ids, op, args: args ?? {} } }),
  );
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  MARKER_REFRESH_MS,
  MAX_MARKERS_PER_LOAD,
  PAGE_LIMIT,
  cameraStreamSchema,
  gatewayListSchema,
  macSuggestionQuery,
  markerListSchema,
  markerSchema,
  zoneListSchema,
  type CameraStream,
  type CameraStreamBody,
  type Gateway,
  type Marker,
  type MarkerCreateBody,
  type MarkerUpdateBody,
  type Zone,
} from '@vigil/domain';
import { api } from './client';
import { floorplanKeys } from './floorplans';
import { gatewayKeys } from './gateways';

// SPEC §5, §7 Devices markers: the floor-plan map's markers (its pins, where gateways and cameras
// are), the areas a gateway may be assigned in, and the MAC suggestions of the assignment.

const markerPage: z.ZodType<{ data: Marker[]; total: number }> = markerListSchema;
const oneMarker: z.ZodType<Marker> = markerSchema;
const zonePage: z.ZodType<{ data: Zone[]; total: number }> = zoneListSchema;
const gatewayPage: z.ZodType<{ data: Gateway[]; total: number }> = gatewayListSchema;
const oneStream: z.ZodType<CameraStream | null> = cameraStreamSchema.nullable();

/** An area of the floor a marker's gateway may be placed in (SPEC §5), with its unit's name. */
export type FloorArea = { id: string; name: string; unit: string | null };

// Under floorplanKeys.all: the map's Refresh and an editor's Done refresh them with the floor.
export const markerKeys = {
  all: [...floorplanKeys.all, 'markers'] as const,
  list: (floorId: string) => [...markerKeys.all, 'list', floorId] as const,
  areas: (floorId: string) => [...floorplanKeys.all, 'areas', floorId] as const,
  /** A camera marker's stream source (issue 16). */
  stream: (markerId: string) => [...floorplanKeys.all, 'camera-stream', markerId] as const,
  macSuggestions: (prefix: string) => [...floorplanKeys.all, 'mac-suggestions', prefix] as const,
};

/** GET zones whose parent is one of these, by name. */
async function childrenOf(parents: readonly string[], signal: AbortSignal): Promise<Zone[]> {
  if (parents.length === 0) return [];
  const page = await api.get('zones', {
    query: { where: JSON.stringify({ parent: { $in: parents } }), orderBy: 'name', limit: PAGE_LIMIT },
    signal,
    schema: zonePage,
  });
  return page.data;
}

/**
 * The gateway list's query for MAC suggestions: the domain's (SPEC §7: `query`, `limit` 20, state
 * ready_to_deploy, `orderBy`) with SPEC's `byColumn` naming the MAC column, and every SKU family
 * (an outdoor floor places nodes and bridges). The list searches more than the MAC, so the answer
 * is narrowed to MACs by `macSuggestions` (marker-edit/mac-suggestions.ts).
 */
export function macSuggestionParams(input: string) {
  const query = macSuggestionQuery(input);
  return query && { ...query, byColumn: 'id', sku: 'all' };
}

export const markerQueries = {
  /**
   * SPEC §7 GET markers with limit 500 and config.location (the floor: its units' and areas' markers
   * too), refreshed every 5 s while the editor is open (SPEC §9).
   */
  list: (floorId: string) =>
    queryOptions({
      queryKey: markerKeys.list(floorId),
      queryFn: ({ signal }) =>
        api.get('markers', {
          query: { 'config.location': floorId, limit: MAX_MARKERS_PER_LOAD },
          signal,
          schema: markerPage,
        }),
      refetchInterval: MARKER_REFRESH_MS,
    }),
  /** The areas under the floor's units (and any directly under the floor), by unit then name. */
  areas: (floorId: string) =>
    queryOptions({
      queryKey: markerKeys.areas(floorId),
      queryFn: async ({ signal }): Promise<FloorArea[]> => {
        const under = await childrenOf([floorId], signal);
        const units = under.filter((zone) => zone.level === 'unit');
        const inUnits = await childrenOf(
          units.map((unit) => unit.id),
          signal,
        );
        const unitName = new Map(units.map((unit) => [unit.id, unit.name]));
        return [...under, ...inUnits]
          .filter((zone) => zone.level === 'area')
          .map((zone) => ({ id: zone.id, name: zone.name, unit: unitName.get(zone.parent ?? '') ?? null }));
      },
      staleTime: 60_000,
    }),
  /**
   * Issue 16: GET markers/{id}/stream, a camera's stream source (null: none), with whether a password
   * is set but never the password.
   */
  stream: (markerId: string) =>
    queryOptions({
      queryKey: markerKeys.stream(markerId),
      queryFn: ({ signal }) =>
        api.get(`markers/${encodeURIComponent(markerId)}/stream`, { signal, schema: oneStream }),
    }),
  /** SPEC §5, §7: ready-to-deploy gateways for what was typed; disabled before 4 characters. */
  macSuggestions: (input: string) => {
    const params = macSuggestionParams(input);
    return queryOptions({
      queryKey: markerKeys.macSuggestions(params?.query ?? ''),
      queryFn: ({ signal }) => api.get('gateways', { query: params!, signal, schema: gatewayPage }),
      enabled: params !== null,
      staleTime: 10_000,
    });
  },
};

/** A marker write refreshes the floor's markers, its gateways on the map and the gateway lists. */
function useMarkerMutation<V, R>(floorId: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: markerKeys.list(floorId) }),
        queryClient.invalidateQueries({ queryKey: floorplanKeys.gateways(floorId) }),
        queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
      ]),
  });
}

/** SPEC §7 POST markers {coordinates, location, camera optional}. */
export function useCreateMarker(floorId: string) {
  return useMarkerMutation(floorId, (body: MarkerCreateBody) =>
    api.post('markers', { body, schema: oneMarker }),
  );
}

/** SPEC §7 PUT markers/{id} {location, coordinates, labels, notes, camera}. */
export function useUpdateMarker(floorId: string) {
  return useMarkerMutation(floorId, ({ id, body }: { id: string; body: MarkerUpdateBody }) =>
    api.put(`markers/${encodeURIComponent(id)}`, { body, schema: oneMarker }),
  );
}

/** SPEC §7 DELETE markers/{id}. */
export function useDeleteMarker(floorId: string) {
  return useMarkerMutation(floorId, (id: string) => api.delete(`markers/${encodeURIComponent(id)}`));
}

/**
 * SPEC §5 Assigning a gateway: the marker is first put in the chosen area when it is elsewhere (the
 * server places the gateway at the marker's area), then POST markers/{id}/assign/{gatewayId}.
 */
export function useAssignGateway(floorId: string) {
  return useMarkerMutation(
    floorId,
    async ({ marker, gateway, area }: { marker: Marker; gateway: string; area: string }) => {
      if (marker.config.location !== area) {
        await api.put(`markers/${encodeURIComponent(marker.id)}`, {
          body: { location: area },
          schema: oneMarker,
        });
      }
      return api.post(`markers/${encodeURIComponent(marker.id)}/assign/${encodeURIComponent(gateway)}`, {
        schema: oneMarker,
      });
    },
  );
}

/**
 * Issue 16: PUT markers/{id}/stream (the body's password is write-only) or, with null, DELETE it;
 * the camera's stream source is read again after.
 */
export function useSaveCameraStream(markerId: string) {
  const queryClient = useQueryClient();
  const path = `markers/${encodeURIComponent(markerId)}/stream`;
  return useMutation({
    mutationFn: async (body: CameraStreamBody | null): Promise<CameraStream | null> => {
      if (body) return api.put(path, { body, schema: oneStream });
      await api.delete(path);
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: markerKeys.stream(markerId) }),
  });
}

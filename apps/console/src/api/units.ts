import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PAGE_LIMIT,
  zoneListSchema,
  zoneSchema,
  type UnitPolygon,
  type Zone,
  type ZoneState,
} from '@vigil/domain';
import { api } from './client';
import { floorplanKeys } from './floorplans';
import { zoneKeys } from './zones';

// SPEC §2.7 units add/edit, §3 Unit on a map: a unit is a zone of level unit under its floor, so
// the map reads and writes it through the zones API, and the Zones screen shows the same thing.

const oneZone: z.ZodType<Zone> = zoneSchema;
const zonePage: z.ZodType<{ data: Zone[]; total: number }> = zoneListSchema;

export const unitKeys = {
  /** Under the floor plans' key, so the map's Refresh (which invalidates them all) reads them again. */
  ofFloor: (floorId: string) => [...floorplanKeys.all, 'units', floorId] as const,
};

export const unitQueries = {
  /** GET zones?level=unit&parent=<floor>: the floor's units by name, one page of SPEC §9's 500. */
  ofFloor: (floorId: string) =>
    queryOptions({
      queryKey: unitKeys.ofFloor(floorId),
      queryFn: ({ signal }) =>
        api.get('zones', {
          query: { level: 'unit', parent: floorId, orderBy: 'name', limit: PAGE_LIMIT },
          signal,
          schema: zonePage,
        }),
      staleTime: 30_000,
    }),
};

export function useFloorUnits(floorId: string) {
  return useQuery(unitQueries.ofFloor(floorId));
}

export type UnitCreate = { floorId: string; name: string; geometry: UnitPolygon };
export type UnitUpdate = { id: string; name?: string; geometry?: UnitPolygon; state?: ZoneState };

/**
 * The unit writes. Each invalidates the floor's units, the Zones screen's zones and the floor's
 * places (the zones its gateways are looked up in), so every screen shows the unit as saved.
 */
export function useUnitMutations(floorId: string) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: unitKeys.ofFloor(floorId) }),
      queryClient.invalidateQueries({ queryKey: floorplanKeys.places(floorId) }),
      queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
    ]);
  // The answer replaces (or joins) the unit in the floor's list at once, so the map does not show
  // the old polygon until the list is read again.
  const saved = (zone: Zone) =>
    queryClient.setQueryData(
      unitKeys.ofFloor(floorId),
      (page: { data: Zone[]; total: number } | undefined) => {
        if (!page) return page;
        const known = page.data.some((z) => z.id === zone.id);
        return known
          ? { ...page, data: page.data.map((z) => (z.id === zone.id ? zone : z)) }
          : { data: [...page.data, zone], total: page.total + 1 };
      },
    );
  const create = useMutation({
    mutationFn: ({ floorId: parent, name, geometry }: UnitCreate) =>
      api.post('zones', {
        body: { name, level: 'unit', parent, config: { geometry, state: 'active' } },
        schema: oneZone,
      }),
    onSuccess: saved,
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, name, geometry, state }: UnitUpdate) =>
      api.put(`zones/${encodeURIComponent(id)}`, {
        body: {
          ...(name !== undefined ? { name } : {}),
          ...(geometry !== undefined || state !== undefined ? { config: { geometry, state } } : {}),
        },
        schema: oneZone,
      }),
    onSuccess: saved,
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`zones/${encodeURIComponent(id)}`),
    onSettled,
  });
  return { create, update, remove };
}

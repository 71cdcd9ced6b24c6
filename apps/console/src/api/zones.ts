import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ZONE_TREE_PAGE,
  zoneListSchema,
  zoneSchema,
  type Zone,
  type ZoneCreateBody,
  type ZoneUpdateBody,
} from '@vigil/domain';
import { api } from './client';

export type ZoneDetailOptions = { children?: boolean; context?: boolean };

const oneZone: z.ZodType<Zone> = zoneSchema;
const zonePage: z.ZodType<{ data: Zone[]; total: number }> = zoneListSchema;

export const zoneKeys = {
  all: ['zones'] as const,
  detail: (id: string, opts: ZoneDetailOptions = {}) => [...zoneKeys.all, 'detail', id, opts] as const,
  children: (parentId: string) => [...zoneKeys.all, 'children', parentId] as const,
  organisation: () => [...zoneKeys.all, 'organisation'] as const,
};

export const zoneQueries = {
  /** GET zones/{id}, optionally with its children (200) and its context path from the organisation. */
  detail: (id: string | null | undefined, opts: ZoneDetailOptions = {}) =>
    queryOptions({
      queryKey: zoneKeys.detail(id ?? '', opts),
      queryFn: ({ signal }) =>
        api.get(`zones/${encodeURIComponent(id ?? '')}`, {
          query: { children: opts.children || undefined, context: opts.context || undefined },
          signal,
          schema: oneZone,
        }),
      enabled: Boolean(id),
    }),
  /** The caller's organisation: the server shows a caller only its own (GET zones?level=org). */
  organisation: () =>
    queryOptions({
      queryKey: zoneKeys.organisation(),
      queryFn: async ({ signal }) => {
        const page = await api.get('zones', { query: { level: 'org', limit: 1 }, signal, schema: zonePage });
        return page.data[0] ?? null;
      },
    }),
  /** The zones directly inside a parent, by name, one page of 200 (SPEC §9) at a time. */
  children: (parentId: string) =>
    infiniteQueryOptions({
      queryKey: zoneKeys.children(parentId),
      queryFn: ({ pageParam, signal }) =>
        api.get('zones', {
          query: { parent: parentId, orderBy: 'name', limit: ZONE_TREE_PAGE, offset: pageParam },
          signal,
          schema: zonePage,
        }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const loaded = pages.reduce((n, page) => n + page.data.length, 0);
        return last.data.length > 0 && loaded < last.total ? loaded : undefined;
      },
    }),
};

export function useZone(id: string | null | undefined, opts: ZoneDetailOptions = {}) {
  return useQuery(zoneQueries.detail(id, opts));
}

export function useOrganisationZone() {
  return useQuery(zoneQueries.organisation());
}

export function useZoneChildren(parentId: string) {
  return useInfiniteQuery(zoneQueries.children(parentId));
}

function useZoneMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
  });
}

export function useCreateZone() {
  return useZoneMutation((body: ZoneCreateBody) => api.post('zones', { body, schema: oneZone }));
}

export function useUpdateZone() {
  return useZoneMutation(({ id, ...body }: ZoneUpdateBody & { id: string }) =>
    api.put(`zones/${encodeURIComponent(id)}`, { body, schema: oneZone }),
  );
}

/** DELETE zones/{id}: 403 when assigned to a gateway, 409 with children or located things. */
export function useDeleteZone() {
  return useZoneMutation((id: string) => api.delete(`zones/${encodeURIComponent(id)}`));
}

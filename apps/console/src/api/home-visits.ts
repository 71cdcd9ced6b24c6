import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  homeVisitListSchema,
  homeVisitOptionsSchema,
  homeVisitSchema,
  type HomeVisit,
  type HomeVisitCreateBody,
  type HomeVisitList,
  type HomeVisitOptions,
  type HomeVisitUpdateBody,
  type VisitState,
} from '@vigil/domain';
import { api } from './client';

// Issue 20 "Home visits": GET/POST /api/home-visits, PATCH …/{id}, POST …/{id}/check-in|check-out.

const visitList: z.ZodType<HomeVisitList> = homeVisitListSchema;
const oneVisit: z.ZodType<HomeVisit> = homeVisitSchema;
const visitOptions: z.ZodType<HomeVisitOptions> = homeVisitOptionsSchema;

/** The list's filters: the organisation's day (YYYY-MM-DD) and the state, each optional. */
export type HomeVisitFilters = { day?: string; state?: VisitState };

/** A visit's state changes with the clock (planned → overdue): the list is read again this often. */
const VISITS_REFRESH_MS = 30_000;

export const homeVisitKeys = {
  all: ['home-visits'] as const,
  list: (filters: HomeVisitFilters) => [...homeVisitKeys.all, 'list', filters] as const,
  options: () => [...homeVisitKeys.all, 'options'] as const,
};

export const homeVisitQueries = {
  list: (filters: HomeVisitFilters) =>
    queryOptions({
      queryKey: homeVisitKeys.list(filters),
      queryFn: ({ signal }) => api.get('home-visits', { query: filters, signal, schema: visitList }),
      refetchInterval: VISITS_REFRESH_MS,
    }),
  /** Who may visit and which homes, for a new visit. */
  options: () =>
    queryOptions({
      queryKey: homeVisitKeys.options(),
      queryFn: ({ signal }) => api.get('home-visits/options', { signal, schema: visitOptions }),
    }),
};

export function useHomeVisits(filters: HomeVisitFilters) {
  return useQuery(homeVisitQueries.list(filters));
}

export function useHomeVisitOptions() {
  return useQuery(homeVisitQueries.options());
}

function useVisitMutation<V>(mutationFn: (vars: V) => Promise<HomeVisit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeVisitKeys.all }),
  });
}

export function useCreateHomeVisit() {
  return useVisitMutation((body: HomeVisitCreateBody) => api.post('home-visits', { body, schema: oneVisit }));
}

export function useUpdateHomeVisit() {
  return useVisitMutation(({ id, ...body }: HomeVisitUpdateBody & { id: string }) =>
    api.patch(`home-visits/${id}`, { body, schema: oneVisit }),
  );
}

/** Check-in or check-out of a visit (from the console; the staff member's app calls the same). */
export function useVisitCheck() {
  return useVisitMutation(({ id, action }: { id: string; action: 'check-in' | 'check-out' }) =>
    api.post(`home-visits/${id}/${action}`, { schema: oneVisit }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  reportRoutinesSchema,
  routineRunAnswerSchema,
  type ReportRoutine,
  type RoutineRunAnswer,
} from '@vigil/domain';
import { api } from './client';

// Issue 18: the stored report routines (SPEC §7 `GET bigquery/routines`, `POST bigquery/routines/{id}
// {args: [org]}` answering `data.results`; docs/API.md). The list feeds the sidebar (SPEC §2.4) and
// the reports index; a run answers a routine's rows for the caller's own organisation.

const routinesSchema: z.ZodType<{ data: ReportRoutine[] }> = reportRoutinesSchema;
const runSchema: z.ZodType<RoutineRunAnswer> = routineRunAnswerSchema;

/** The routine list changes only when an operator installs one: read it again after 5 minutes. */
const ROUTINES_STALE_MS = 5 * 60_000;

export const routineKeys = {
  all: ['routines'] as const,
  list: () => [...routineKeys.all, 'list'] as const,
  run: (id: string, org: string) => [...routineKeys.all, 'run', id, org] as const,
};

export const routineQueries = {
  /** GET /api/bigquery/routines: the installed routines, by id. */
  list: () =>
    queryOptions({
      queryKey: routineKeys.list(),
      queryFn: ({ signal }) => api.get('bigquery/routines', { signal, schema: routinesSchema }),
      select: (answer) => answer.data,
      staleTime: ROUTINES_STALE_MS,
    }),
  /** POST /api/bigquery/routines/{id} {args: [org]}: the routine's columns and rows (a read, cached as one). */
  run: (id: string, org: string) =>
    queryOptions({
      queryKey: routineKeys.run(id, org),
      queryFn: ({ signal }) =>
        api.post(`bigquery/routines/${encodeURIComponent(id)}`, {
          body: { args: [org] },
          signal,
          schema: runSchema,
        }),
      select: (answer) => answer.data,
      // A failed run is the routine's own fault or its timeout: the screen offers Retry instead.
      retry: false,
    }),
};

/** The stored routines, for a caller who may read Report (`enabled`); nothing is asked otherwise. */
export function useReportRoutines(enabled = true) {
  return useQuery({ ...routineQueries.list(), enabled });
}

/** Runs routine `id` for the organisation `org` (its slug, or its id when it has none), once `enabled`. */
export function useRoutineRun(id: string, org: string, enabled = true) {
  return useQuery({ ...routineQueries.run(id, org), enabled });
}

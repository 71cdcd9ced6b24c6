import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCRATCH_LIST_ADD_MAX,
  type ScratchListAddResult,
  type ScratchListKind,
  type ScratchListRemoveResult,
} from '@vigil/domain';
import { api } from './client';
import { areaList, fetchListPage, type ListApi } from './lists';

/** Issue 22: the signed-in person's scratch lists (GET/POST/DELETE /api/scratch-lists/{kind}). */
export const scratchListKeys = {
  all: ['scratch-lists'] as const,
  lists: (kind: ScratchListKind) => [...scratchListKeys.all, kind] as const,
  /** The first page of the whole list, newest first: what a batch on "all" acts on. */
  whole: (kind: ScratchListKind) => [...scratchListKeys.lists(kind), 'whole'] as const,
};

/** GET /api/scratch-lists/{kind} (the list contract), as DataTable's `api`. */
export function scratchListApi(kind: ScratchListKind): ListApi {
  return areaList(scratchListKeys.lists(kind), `scratch-lists/${kind}`);
}

/** The first `limit` entries of the list, newest first, and how many it holds. */
export function useWholeScratchList<T>(kind: ScratchListKind, limit: number) {
  return useQuery({
    queryKey: [...scratchListKeys.whole(kind), limit],
    queryFn: ({ signal }) =>
      fetchListPage<T>(
        scratchListApi(kind).path,
        { limit, offset: 0, sort: { id: 'addedAt', desc: true } },
        signal,
      ),
  });
}

function useScratchListMutation<V, R>(kind: ScratchListKind, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scratchListKeys.lists(kind) }),
  });
}

/**
 * POST /api/scratch-lists/{kind}: ids as scanned or pasted. A paste of more than the server takes at
 * once goes in turns; each turn is whole, and a repeat of one adds nothing twice.
 */
export function useAddToScratchList(kind: ScratchListKind) {
  return useScratchListMutation(kind, async (ids: string[]) => {
    const total: ScratchListAddResult = { added: 0, already: 0, unknown: [] };
    for (let at = 0; at < ids.length; at += SCRATCH_LIST_ADD_MAX) {
      const part = await api.post<ScratchListAddResult>(`scratch-lists/${kind}`, {
        body: { ids: ids.slice(at, at + SCRATCH_LIST_ADD_MAX) },
      });
      total.added += part.added;
      total.already += part.already;
      total.unknown.push(...part.unknown);
    }
    return total;
  });
}

/** DELETE /api/scratch-lists/{kind}/{deviceId}. */
export function useRemoveFromScratchList(kind: ScratchListKind) {
  return useScratchListMutation(kind, (deviceId: string) =>
    api.delete<ScratchListRemoveResult>(`scratch-lists/${kind}/${deviceId}`),
  );
}

/** DELETE /api/scratch-lists/{kind}: the whole list. */
export function useClearScratchList(kind: ScratchListKind) {
  return useScratchListMutation(kind, () => api.delete<ScratchListRemoveResult>(`scratch-lists/${kind}`));
}

/** Refreshes the list's pages, e.g. after a batch operation changed its devices. */
export function useRefreshScratchList(kind: ScratchListKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: scratchListKeys.lists(kind) });
}

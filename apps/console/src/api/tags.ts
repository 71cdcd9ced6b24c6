import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkResult,
  Tag,
  TagBatchOperation,
  TagBulkArgs,
  TagDetail,
  TagUpdateBody,
} from '@vigil/domain';
import { api } from './client';
import { ApiError } from './errors';
import { listKey } from './lists';

/** GET /api/tags (the list contract) and its rows. */
export const TAGS_API = 'tags';

/**
 * What every tags list request adds (SPEC §7): the owner fields `query` searches and the location
 * names to join into each row.
 */
export const TAG_LIST_PARAMS = {
  ownerFields: 'name,personId',
  locationFields: 'site,building,floor,unit,area,path',
} as const;

export const tagKey = (id: string) => ['tag', id] as const;

/** GET /api/tags/{id}: the tag with what its detail screen derives (reuse, replacement, station). */
export function useTag(id: string) {
  return useQuery({
    queryKey: tagKey(id),
    queryFn: ({ signal }) => api.get<TagDetail>(`tags/${id}`, { signal }),
  });
}

/** PUT /api/tags/{id} with SPEC §7's flat body; the answer is the tag as stored. */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TagUpdateBody & { id: string }) => api.put<Tag>(`tags/${id}`, { body }),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey(TAGS_API) }),
        queryClient.invalidateQueries({ queryKey: tagKey(id) }),
      ]),
  });
}

export type TagBulkRequest = { ids: string[]; op: TagBatchOperation; args: TagBulkArgs };

/** Bulk PUT /api/tags {ids, op, args}: every tag or none; a 400 names the ineligible tags. */
export function useBulkTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBulkRequest) => api.put<BulkResult>(TAGS_API, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey(TAGS_API) }),
        queryClient.invalidateQueries({ queryKey: ['tag'] }),
      ]),
  });
}

/** The tags a refused bulk write names (`ineligible` of its 400 answer), else none. */
export function ineligibleOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const ids = error.body?.ineligible;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

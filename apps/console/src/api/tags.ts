import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { areaList, listKeys, type ListPageState } from './lists';

/**
 * What every tags list request adds (SPEC §7): the owner fields `query` searches and the location
 * names to join into each row.
 */
export const TAG_LIST_PARAMS = {
  ownerFields: 'name,personId',
  locationFields: 'site,building,floor,unit,area,path',
} as const;

export const tagKeys = {
  all: ['tags'] as const,
  lists: () => [...tagKeys.all, 'list'] as const,
  /** One page of the tags list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(TAGS_API, page),
  detail: (id: string) => [...tagKeys.all, 'detail', id] as const,
};

/** GET /api/tags (the list contract) and its rows. */
export const TAGS_API = areaList(tagKeys.lists(), 'tags');

export const tagQueries = {
  /** GET /api/tags/{id}: the tag with what its detail screen derives (reuse, replacement, station). */
  detail: (id: string) =>
    queryOptions({
      queryKey: tagKeys.detail(id),
      queryFn: ({ signal }) => api.get<TagDetail>(`tags/${id}`, { signal }),
    }),
};

export function useTag(id: string) {
  return useQuery(tagQueries.detail(id));
}

/** PUT /api/tags/{id} with SPEC §7's flat body; the answer is the tag as stored. */
export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TagUpdateBody & { id: string }) => api.put<Tag>(`tags/${id}`, { body }),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: tagKeys.detail(id) }),
      ]),
  });
}

export type TagBulkRequest = { ids: string[]; op: TagBatchOperation; args: TagBulkArgs };

/** Bulk PUT /api/tags {ids, op, args}: every tag or none; a 400 names the ineligible tags. */
export function useBulkTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagBulkRequest) => api.put<BulkResult>(TAGS_API.path, { body }),
    // Every list and every detail: the tags written are any of them.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

/** The tags a refused bulk write names (`ineligible` of its 400 answer), else none. */
export function ineligibleOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const ids = error.body?.ineligible;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

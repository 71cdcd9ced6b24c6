import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { api, type ListPage, type Query } from './client';

/** A server-side sort: `id` is the resource's orderBy field (docs/API.md). */
export type ListSort = { id: string; desc: boolean };

/** One page request of the list contract (docs/API.md 'Lists'). */
export type ListRequest = {
  params?: Query;
  limit: number;
  offset: number;
  /** The page after the one that answered this `nextCursor`; `offset` is then left out. */
  cursor?: string;
  sort?: ListSort | null;
  search?: string;
};

/**
 * A list endpoint of an area: its API path, and the key its pages are cached under, which sits
 * inside the area's keys (`[...areaKeys.lists(), path]`), so invalidating the area refreshes it.
 */
export type ListApi = { path: string; key: QueryKey };

/** The key prefix of every page of a list that belongs to no area's keys: `['list', api]`. */
export function listKey(apiPath: string) {
  return ['list', apiPath] as const;
}

/** The list at `path` under an area's `lists()` key: the value a screen gives DataTable's `api`. */
export function areaList(areaLists: QueryKey, path: string): ListApi {
  return { path, key: [...areaLists, path] };
}

/** DataTable's `api` as an endpoint: a bare path stands for a list outside any area's keys. */
export function listApiOf(apiOrPath: ListApi | string): ListApi {
  return typeof apiOrPath === 'string' ? { path: apiOrPath, key: listKey(apiOrPath) } : apiOrPath;
}

/** The query string of a list page: filters first, so paging and sorting cannot be overridden. */
export function listQuery(req: ListRequest): Query {
  return {
    ...req.params,
    limit: req.limit,
    ...(req.cursor ? { cursor: req.cursor } : { offset: req.offset }),
    orderBy: req.sort ? `${req.sort.desc ? '-' : ''}${req.sort.id}` : undefined,
    query: req.search?.trim() || undefined,
  };
}

export function fetchListPage<T>(apiPath: string, req: ListRequest, signal?: AbortSignal) {
  return api.get<ListPage<T>>(apiPath, { query: listQuery(req), signal });
}

export type ListPageState = {
  params?: Query;
  page: number;
  pageSize: number;
  sort: ListSort | null;
  search: string;
};

export const listKeys = {
  /** One page of a list: the list's key, then its filters, paging, sort and search. */
  page: (list: ListApi | string, { params, page, pageSize, sort, search }: ListPageState) =>
    [...listApiOf(list).key, params, page, pageSize, sort, search] as const,
};

/** Keys of a suggestion field's answers (SuggestionList), one set per field, by the typed text. */
export const suggestionKeys = {
  all: ['suggestions'] as const,
  field: (field: string, query: string) => [...suggestionKeys.all, field, query] as const,
};

export const listQueries = {
  /** One page of a list, keeping the previous page on screen while the next one loads. */
  page: <T>(list: ListApi | string, state: ListPageState) =>
    queryOptions({
      queryKey: listKeys.page(list, state),
      queryFn: ({ signal }) =>
        fetchListPage<T>(
          listApiOf(list).path,
          {
            params: state.params,
            limit: state.pageSize,
            offset: (state.page - 1) * state.pageSize,
            sort: state.sort,
            search: state.search,
          },
          signal,
        ),
      placeholderData: keepPreviousData,
    }),
};

/** One page of a list, keeping the previous page on screen while the next one loads. */
export function useListPage<T>(list: ListApi | string, state: ListPageState) {
  return useQuery(listQueries.page<T>(list, state));
}

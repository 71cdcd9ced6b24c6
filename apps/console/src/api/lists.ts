import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

/** The key prefix of every page of one list: mutations invalidate `['list', api]`. */
export function listKey(apiPath: string) {
  return ['list', apiPath] as const;
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

/** One page of a list, keeping the previous page on screen while the next one loads. */
export function useListPage<T>(apiPath: string, { params, page, pageSize, sort, search }: ListPageState) {
  return useQuery({
    queryKey: [...listKey(apiPath), params, page, pageSize, sort, search],
    queryFn: ({ signal }) =>
      fetchListPage<T>(
        apiPath,
        { params, limit: pageSize, offset: (page - 1) * pageSize, sort, search },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

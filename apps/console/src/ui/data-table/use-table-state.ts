import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@vigil/domain';
import type { ListSort } from '../../api/lists';

/** What a data table remembers for the session (SPEC §9: table state saved per session). */
export type TableState = { page: number; pageSize: PageSize; sort: ListSort | null; search: string };

export const INITIAL_TABLE_STATE: TableState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: null,
  search: '',
};

/** sessionStorage key of a table's state; namespaced so a table cannot overwrite the session's keys. */
export function tableStateStorageKey(stateKey: string) {
  return `vigil.table.${stateKey}`;
}

function isSort(value: unknown): value is ListSort {
  const sort = value as ListSort | null;
  return !!sort && typeof sort.id === 'string' && typeof sort.desc === 'boolean';
}

/** Reads a saved state, keeping only valid parts (a stored page size outside SPEC §9's choices is dropped). */
export function readTableState(stateKey: string): TableState {
  try {
    const saved = JSON.parse(
      sessionStorage.getItem(tableStateStorageKey(stateKey)) ?? '{}',
    ) as Partial<TableState>;
    return {
      page: Number.isInteger(saved.page) && (saved.page as number) >= 1 ? (saved.page as number) : 1,
      pageSize: PAGE_SIZES.includes(saved.pageSize as PageSize)
        ? (saved.pageSize as PageSize)
        : DEFAULT_PAGE_SIZE,
      sort: isSort(saved.sort) ? saved.sort : null,
      search: typeof saved.search === 'string' ? saved.search : '',
    };
  } catch {
    return INITIAL_TABLE_STATE;
  }
}

/** A table's page, page size, sort and search, saved in sessionStorage under its key. */
export function useTableState(stateKey: string) {
  const [state, setState] = useState(() => readTableState(stateKey));
  useEffect(() => {
    sessionStorage.setItem(tableStateStorageKey(stateKey), JSON.stringify(state));
  }, [stateKey, state]);
  const update = useCallback((patch: Partial<TableState>) => setState((s) => ({ ...s, ...patch })), []);
  return [state, update] as const;
}

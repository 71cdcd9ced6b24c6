import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RowSelectionState, Updater } from '@tanstack/react-table';

/** A list row's key: its `id` (tags and gateways: the MAC), as the data table's getRowId reads it. */
export const rowIdOf = (row: unknown, index?: number) => String((row as { id?: unknown }).id ?? index);

/**
 * The rows chosen for a batch operation, kept by row id across pages, sorts and searches, and at
 * most `max` of them (SPEC §9: a batch names at most 500). `page` refreshes the kept copies of the
 * rows it shows, so a batch menu reads the rows as the server last gave them.
 */
export function useRowSelection<T>(page: readonly T[] | undefined, max: number) {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(() => new Map());

  useEffect(() => {
    if (!page) return;
    setSelected((current) => {
      if (current.size === 0) return current;
      let next: Map<string, T> | null = null;
      for (const row of page) {
        const id = rowIdOf(row);
        if (current.has(id) && current.get(id) !== row) (next ??= new Map(current)).set(id, row);
      }
      return next ?? current;
    });
  }, [page]);

  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...selected.keys()].map((id) => [id, true])),
    [selected],
  );

  /** TanStack's row-selection change, applied to the kept rows: new ids come from the shown page. */
  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) => {
      setSelected((current) => {
        const before = Object.fromEntries([...current.keys()].map((id) => [id, true]));
        const after = typeof updater === 'function' ? updater(before) : updater;
        const next = new Map<string, T>();
        for (const [id, row] of current) if (after[id]) next.set(id, row);
        for (const row of page ?? []) {
          const id = rowIdOf(row);
          if (after[id] && !next.has(id) && next.size < max) next.set(id, row);
        }
        return next;
      });
    },
    [page, max],
  );

  const clear = useCallback(() => setSelected(new Map()), []);
  const rows = useMemo(() => [...selected.values()], [selected]);

  return {
    rows,
    count: selected.size,
    full: selected.size >= max,
    rowSelection,
    onRowSelectionChange,
    clear,
  };
}

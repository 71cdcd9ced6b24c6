import { useCallback, useEffect, useState } from 'react';
import type { Updater, VisibilityState } from '@tanstack/react-table';

/** localStorage key of a list's column choices: a preference kept across sessions, per list. */
export function columnsStorageKey(stateKey: string) {
  return `vigil.columns.${stateKey}`;
}

/** The saved choices (column id → shown), else the list's defaults; anything unreadable is dropped. */
export function readColumnVisibility(
  stateKey: string,
  defaultHidden: readonly string[] = [],
): VisibilityState {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(columnsStorageKey(stateKey)) ?? 'null');
    if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
      return Object.fromEntries(
        Object.entries(saved).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
      );
    }
  } catch {
    // fall through to the defaults
  }
  return Object.fromEntries(defaultHidden.map((id) => [id, false]));
}

/** Which columns a list shows, saved in localStorage under the list's key. */
export function useColumnVisibility(stateKey: string, defaultHidden?: readonly string[]) {
  const [visibility, setVisibility] = useState(() => readColumnVisibility(stateKey, defaultHidden));
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) localStorage.setItem(columnsStorageKey(stateKey), JSON.stringify(visibility));
  }, [stateKey, visibility, touched]);
  const onChange = useCallback((updater: Updater<VisibilityState>) => {
    setTouched(true);
    setVisibility((current) => (typeof updater === 'function' ? updater(current) : updater));
  }, []);
  return [visibility, onChange] as const;
}

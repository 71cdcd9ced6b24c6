import { useCallback, useEffect, useState } from 'react';

/** The nodes the user opened (true) or closed (false), by zone id; the others keep their default. */
export type ZoneTreeToggles = Record<string, boolean>;

/** sessionStorage key of a tree's toggles; namespaced so a tree cannot overwrite the session's keys. */
export function zoneTreeStorageKey(key: string) {
  return `vigil.zoneTree.${key}`;
}

/** Reads a tree's saved toggles, keeping only the well-formed entries. */
export function readZoneTreeToggles(key: string): ZoneTreeToggles {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(zoneTreeStorageKey(key)) ?? '{}');
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
    return Object.fromEntries(Object.entries(saved).filter(([, open]) => typeof open === 'boolean'));
  } catch {
    return {};
  }
}

/**
 * The nodes of a zone tree the user opened or closed. With a key they are kept in sessionStorage,
 * so a reload of the tab shows the same nodes open; without one they last as long as the tree.
 */
export function useZoneTreeToggles(key?: string) {
  const [toggles, setToggles] = useState<ZoneTreeToggles>(() => (key ? readZoneTreeToggles(key) : {}));
  useEffect(() => {
    if (key) sessionStorage.setItem(zoneTreeStorageKey(key), JSON.stringify(toggles));
  }, [key, toggles]);
  const setOpen = useCallback((id: string, open: boolean) => setToggles((t) => ({ ...t, [id]: open })), []);
  return [toggles, setOpen] as const;
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TAG_CONFIG_STATES, type TagConfigState, type VoltageBatteryLevel } from '@vigil/domain';
import type { Query } from '../../api/client';
import { TAG_LIST_PARAMS } from '../../api/tags';

/** The battery filter's choices: SPEC §9's levels a voltage gives. */
export const BATTERY_FILTERS: VoltageBatteryLevel[] = ['healthy', 'low', 'depleted', 'unknown'];

export type TagFilters = { state: TagConfigState | null; battery: VoltageBatteryLevel | null };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

/** The /tags filters, kept in the URL (?state=&battery=) so a filtered list can be shared. */
export function useTagFilters() {
  const [query, setQuery] = useSearchParams();
  const state = oneOf(TAG_CONFIG_STATES, query.get('state'));
  const battery = oneOf(BATTERY_FILTERS, query.get('battery'));
  const filters = useMemo<TagFilters>(() => ({ state, battery }), [state, battery]);
  const update = useCallback(
    (patch: Partial<TagFilters>) => {
      const next = new URLSearchParams(query);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setQuery(next, { replace: true });
    },
    [query, setQuery],
  );
  return [filters, update] as const;
}

/** The list request's parameters: owner and location fields (SPEC §7) plus the chosen filters. */
export function tagListParams(filters: TagFilters): Query {
  return {
    ...TAG_LIST_PARAMS,
    ...(filters.state ? { 'config.state': filters.state } : {}),
    ...(filters.battery ? { batteryLevel: filters.battery } : {}),
  };
}

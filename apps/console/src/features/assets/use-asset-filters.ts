import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ASSET_STATUS_FILTERS, type AssetStatusFilter } from '@vigil/domain';
import type { Query } from '../../api/client';

/** Where the assets were last heard (a zone id) and their status; null for all. */
export type AssetFilters = { zone: string | null; status: AssetStatusFilter | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The /assets filters, kept in the URL (?zone=&status=) so a filtered list can be shared. */
export function useAssetFilters() {
  const [query, setQuery] = useSearchParams();
  const zoneParam = query.get('zone');
  const statusParam = query.get('status');
  const filters = useMemo<AssetFilters>(
    () => ({
      zone: zoneParam && UUID.test(zoneParam) ? zoneParam : null,
      status: ASSET_STATUS_FILTERS.includes(statusParam as AssetStatusFilter)
        ? (statusParam as AssetStatusFilter)
        : null,
    }),
    [zoneParam, statusParam],
  );
  const update = useCallback(
    (patch: Partial<AssetFilters>) => {
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

/** The list request's parameters for the chosen filters (GET assets' own `zone` and `status`). */
export function assetListParams(filters: AssetFilters): Query {
  return {
    ...(filters.zone ? { zone: filters.zone } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  assetAnswerSchema,
  assetZonesAnswerSchema,
  uuidSchema,
  type AssetAnswer,
  type AssetCreate,
  type AssetDetail,
  type AssetPatch,
  type AssetZonesAnswer,
} from '@vigil/domain';
import { api } from './client';
import { ApiError } from './errors';
import { areaList } from './lists';

// SPEC §7 assets (issue 20): every answer in the data.data envelope, the body's `data`.

const oneAsset: z.ZodType<AssetAnswer> = assetAnswerSchema;
const assetZones: z.ZodType<AssetZonesAnswer> = assetZonesAnswerSchema;

/** The tracker follows the asset: its position is read again this often while it is shown. */
const ASSET_REFRESH_MS = 30_000;

export const assetKeys = {
  all: ['assets'] as const,
  lists: () => [...assetKeys.all, 'list'] as const,
  zones: () => [...assetKeys.all, 'zones'] as const,
  detail: (id: string) => [...assetKeys.all, 'detail', id] as const,
};

/** SPEC §7 GET assets (list contract: `{data, total}`), with its own `zone` and `status` filters. */
export const ASSETS_API = areaList(assetKeys.lists(), 'assets');

export const assetQueries = {
  /** GET assets/zones: where assets were last heard, with how many under each zone. */
  zones: () =>
    queryOptions({
      queryKey: assetKeys.zones(),
      queryFn: async ({ signal }) => (await api.get('assets/zones', { signal, schema: assetZones })).data,
    }),
  /** GET assets/{id}: the asset, its last location and its tracker. */
  detail: (id: string) =>
    queryOptions({
      queryKey: assetKeys.detail(id),
      queryFn: async ({ signal }): Promise<AssetDetail> => {
        // An asset id is a UUID: any other (a mistyped link) names no asset, without asking.
        if (!uuidSchema.safeParse(id).success) throw new ApiError(404, 'Asset not found', 'not_found');
        return (await api.get(`assets/${encodeURIComponent(id)}`, { signal, schema: oneAsset })).data;
      },
      // A missing asset stays missing; a failure of the network is retried as any query.
      retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
      refetchInterval: (query) => (query.state.status === 'error' ? false : ASSET_REFRESH_MS),
    }),
};

function useAssetMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** SPEC §7 PATCH assets/{id} {notes, status}. */
export function usePatchAsset() {
  return useAssetMutation(
    async ({ id, ...body }: AssetPatch & { id: string }) =>
      (await api.patch(`assets/${encodeURIComponent(id)}`, { body, schema: oneAsset })).data,
  );
}

export function useCreateAsset() {
  return useAssetMutation(
    async (body: AssetCreate) => (await api.post('assets', { body, schema: oneAsset })).data,
  );
}

export function useDeleteAsset() {
  return useAssetMutation((id: string) => api.delete(`assets/${encodeURIComponent(id)}`));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicDeviceSchema } from '@vigil/domain';
import { api } from './client';

export const publicDeviceKeys = {
  all: ['public-devices'] as const,
  detail: (id: string) => [...publicDeviceKeys.all, 'detail', id] as const,
};

export const publicDeviceQueries = {
  /** SPEC §2.1 /{id}, /v1/{type}/{id}: the public device page's one call, sent with no credentials. */
  detail: (id: string) =>
    queryOptions({
      queryKey: publicDeviceKeys.detail(id),
      queryFn: ({ signal }) =>
        api.get(`public/devices/${encodeURIComponent(id)}`, {
          auth: false,
          signal,
          schema: publicDeviceSchema,
        }),
      retry: false,
    }),
};

export function usePublicDevice(id: string) {
  return useQuery(publicDeviceQueries.detail(id));
}

import { useQuery } from '@tanstack/react-query';
import { publicDeviceSchema } from '@vigil/domain';
import { api } from './client';

/** SPEC §2.1 /{id}, /v1/{type}/{id}: the public device page's one call, sent with no credentials. */
export function usePublicDevice(id: string) {
  return useQuery({
    queryKey: ['publicDevice', id],
    queryFn: ({ signal }) =>
      api.get(`public/devices/${encodeURIComponent(id)}`, {
        auth: false,
        signal,
        schema: publicDeviceSchema,
      }),
    retry: false,
  });
}

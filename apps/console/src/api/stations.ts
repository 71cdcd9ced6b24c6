import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistributionStation, DistributionStationBody } from '@vigil/domain';
import { api } from './client';
import { listKey } from './lists';

/** SPEC §7 GET distribution-station (and /{id}); the admin list writes the same path. */
export const STATIONS_API = 'distribution-station';

function useStationMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(STATIONS_API) }),
  });
}

export function useCreateStation() {
  return useStationMutation((body: DistributionStationBody) =>
    api.post<DistributionStation>(STATIONS_API, { body }),
  );
}

export function useUpdateStation() {
  return useStationMutation(({ id, ...body }: DistributionStationBody & { id: string }) =>
    api.put<DistributionStation>(`${STATIONS_API}/${id}`, { body }),
  );
}

export function useDeleteStation() {
  return useStationMutation((id: string) => api.delete(`${STATIONS_API}/${id}`));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistributionStation, DistributionStationBody } from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export const stationKeys = {
  all: ['stations'] as const,
  lists: () => [...stationKeys.all, 'list'] as const,
  /** One page of the stations list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(STATIONS_API, page),
};

/** SPEC §7 GET distribution-station (and /{id}); the admin list writes the same path. */
export const STATIONS_API = areaList(stationKeys.lists(), 'distribution-station');

function useStationMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stationKeys.all }),
  });
}

export function useCreateStation() {
  return useStationMutation((body: DistributionStationBody) =>
    api.post<DistributionStation>(STATIONS_API.path, { body }),
  );
}

export function useUpdateStation() {
  return useStationMutation(({ id, ...body }: DistributionStationBody & { id: string }) =>
    api.put<DistributionStation>(`${STATIONS_API.path}/${id}`, { body }),
  );
}

export function useDeleteStation() {
  return useStationMutation((id: string) => api.delete(`${STATIONS_API.path}/${id}`));
}

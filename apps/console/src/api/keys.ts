import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated, ApiKeyUpdateBody } from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export const apiKeyKeys = {
  all: ['keys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
  /** One page of the API keys list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(KEYS_API, page),
};

/** GET /api/keys (the list contract). */
export const KEYS_API = areaList(apiKeyKeys.lists(), 'keys');

function useKeyMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** POST keys answers the secret once: the screen shows it, then it is gone. */
export function useCreateKey() {
  return useKeyMutation((body: ApiKeyCreateBody) => api.post<ApiKeyCreated>('keys', { body }));
}

export function useUpdateKey() {
  return useKeyMutation(({ id, ...body }: ApiKeyUpdateBody & { id: string }) =>
    api.put<ApiKey>(`keys/${id}`, { body }),
  );
}

export function useDeleteKey() {
  return useKeyMutation((id: string) => api.delete(`keys/${id}`));
}

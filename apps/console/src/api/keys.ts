import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated, ApiKeyUpdateBody } from '@vigil/domain';
import { api } from './client';
import { listKey } from './lists';

export const KEYS_API = 'keys';

function useKeyMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(KEYS_API) }),
  });
}

/** POST keys answers the secret once (issue 4): the screen shows it, then it is gone. */
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateBody, UserUpdateBody } from '@vigil/domain';
import { api } from './client';
import { listKey } from './lists';

export const USERS_API = 'users';

function useUserMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(USERS_API) }),
  });
}

export function useCreateUser() {
  return useUserMutation((body: UserCreateBody) => api.post<User>('users', { body }));
}

export function useUpdateUser() {
  return useUserMutation(({ id, ...body }: UserUpdateBody & { id: string }) =>
    api.put<User>(`users/${id}`, { body }),
  );
}

export function useDeleteUser() {
  return useUserMutation((id: string) => api.delete(`users/${id}`));
}

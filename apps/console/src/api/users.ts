import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateBody, UserUpdateBody } from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  /** One page of the users list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(USERS_API, page),
};

/** GET /api/users (the list contract). */
export const USERS_API = areaList(userKeys.lists(), 'users');

function useUserMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RawRule } from '@vigil/domain';
import { api, type ListPage } from './client';
import { listKey } from './lists';

export type RoleItem = { id: string; abilities: RawRule[]; builtIn?: boolean };
export const ROLES_API = 'roles';
const rolesKey = ['roles'] as const;

/** GET roles: every role to a caller who may list Role, else its own. */
export function useRoles() {
  return useQuery({
    queryKey: rolesKey,
    queryFn: ({ signal }) => api.get<ListPage<RoleItem>>('roles', { signal }),
  });
}

function useRoleMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: rolesKey });
      await queryClient.invalidateQueries({ queryKey: listKey(ROLES_API) });
    },
  });
}

export function useCreateRole() {
  return useRoleMutation((body: { id: string; abilities: RawRule[] }) =>
    api.post<RoleItem>('roles', { body }),
  );
}

export function useUpdateRole() {
  return useRoleMutation(({ id, abilities }: { id: string; abilities: RawRule[] }) =>
    api.put<RoleItem>(`roles/${encodeURIComponent(id)}`, { body: { abilities } }),
  );
}

export function useDeleteRole() {
  return useRoleMutation((id: string) => api.delete(`roles/${encodeURIComponent(id)}`));
}

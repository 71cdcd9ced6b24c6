import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RawRule } from '@vigil/domain';
import { api, type ListPage } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export type RoleItem = { id: string; abilities: RawRule[]; builtIn?: boolean };

export const roleKeys = {
  all: ['roles'] as const,
  /** Every role the caller may see, in one answer (useRoles). */
  visible: () => [...roleKeys.all, 'visible'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  /** One page of the roles list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(ROLES_API, page),
};

/** GET /api/roles with the list contract. */
export const ROLES_API = areaList(roleKeys.lists(), 'roles');

export const roleQueries = {
  /** GET roles: every role to a caller who may list Role, else its own. */
  visible: () =>
    queryOptions({
      queryKey: roleKeys.visible(),
      queryFn: ({ signal }) => api.get<ListPage<RoleItem>>('roles', { signal }),
    }),
};

export function useRoles() {
  return useQuery(roleQueries.visible());
}

function useRoleMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The visible roles and every page of the roles list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
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

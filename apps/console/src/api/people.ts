import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeopleImportResult, Person, PersonBody } from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export const peopleKeys = {
  all: ['people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  /** One page of the people list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(PEOPLE_API, page),
};

/** SPEC §7 GET people (list contract; suggestions send query, limit 20, orderBy name). */
export const PEOPLE_API = areaList(peopleKeys.lists(), 'people');

function usePeopleMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useCreatePerson() {
  return usePeopleMutation((body: PersonBody) => api.post<Person>(PEOPLE_API.path, { body }));
}

export function useUpdatePerson() {
  return usePeopleMutation(({ id, ...body }: PersonBody & { id: string }) =>
    api.put<Person>(`${PEOPLE_API.path}/${id}`, { body }),
  );
}

export function useDeletePerson() {
  return usePeopleMutation((id: string) => api.delete(`${PEOPLE_API.path}/${id}`));
}

/**
 * SPEC §5 People import: the file's text, checked and written (or refused whole) by the server; a
 * refusal is an ApiError whose `body.rows` names the refused rows.
 */
export function useImportPeople() {
  return usePeopleMutation((body: { csv: string; fileName: string }) =>
    api.post<PeopleImportResult>(`${PEOPLE_API.path}/import`, { body }),
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeopleImportResult, Person, PersonBody } from '@vigil/domain';
import { api } from './client';
import { listKey } from './lists';

/** SPEC §7 GET people (list contract; suggestions send query, limit 20, orderBy name). */
export const PEOPLE_API = 'people';

function usePeopleMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(PEOPLE_API) }),
  });
}

export function useCreatePerson() {
  return usePeopleMutation((body: PersonBody) => api.post<Person>(PEOPLE_API, { body }));
}

export function useUpdatePerson() {
  return usePeopleMutation(({ id, ...body }: PersonBody & { id: string }) =>
    api.put<Person>(`${PEOPLE_API}/${id}`, { body }),
  );
}

export function useDeletePerson() {
  return usePeopleMutation((id: string) => api.delete(`${PEOPLE_API}/${id}`));
}

/**
 * SPEC §5 People import: the file's text, checked and written (or refused whole) by the server; a
 * refusal is an ApiError whose `body.rows` names the refused rows.
 */
export function useImportPeople() {
  return usePeopleMutation((body: { csv: string; fileName: string }) =>
    api.post<PeopleImportResult>(`${PEOPLE_API}/import`, { body }),
  );
}

import { assignableRoles } from '@vigil/domain';
import { useRoles } from '../../api/roles';
import { useSignedIn } from '../../session/session';

/** SPEC §5: the roles the signed-in user may assign (the server checks the same rule). */
export function useAssignableRoles(current?: string): { roles: string[]; loading: boolean } {
  const { me } = useSignedIn();
  const roles = useRoles();
  const all = (roles.data?.data ?? []).map((r) => r.id);
  const allowed = assignableRoles(me.role, all);
  if (current && !allowed.includes(current)) allowed.unshift(current);
  return { roles: allowed, loading: roles.isPending };
}

import { assignableRoles } from '@vigil/domain';
import { useRoles } from './roles';
import { useSignedIn } from '../session/session';

/**
 * SPEC §5: the roles the signed-in user may assign (the server checks the same rule), plus the
 * current role so it still shows; `mayChange` is false when the current role is not assignable.
 */
export function useAssignableRoles(current?: string): {
  roles: string[];
  mayChange: boolean;
  loading: boolean;
} {
  const { me } = useSignedIn();
  const roles = useRoles();
  const list = roles.data?.data ?? [];
  // Custom roles are judged by their rules against the user's own (domain role-assignment).
  const allowed = assignableRoles(
    me.role,
    list.map((r) => r.id),
    (id) => list.find((r) => r.id === id)?.abilities,
  );
  const mayChange = !current || allowed.includes(current);
  return {
    roles: mayChange || !current ? allowed : [current, ...allowed],
    mayChange,
    loading: roles.isPending,
  };
}

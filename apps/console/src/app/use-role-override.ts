import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { reasonOf } from '../api/errors';
import { useSession } from '../session/session';

/**
 * SPEC §2.2: a role may be overridden for the session through the `role` query parameter, where
 * the server allows it (superAdmin). The parameter is removed once applied.
 */
export function useRoleOverride() {
  const [query, setQuery] = useSearchParams();
  const { session, overrideRole } = useSession();
  const wanted = query.get('role');

  useEffect(() => {
    if (!wanted || session.status !== 'signedIn') return;
    const next = new URLSearchParams(query);
    next.delete('role');
    setQuery(next, { replace: true });
    if (wanted === session.me.role) return;
    if (!session.me.canOverrideRole) {
      notifications.show({ color: 'red', message: 'Your role may not be overridden' });
      return;
    }
    overrideRole(wanted).catch((err: unknown) =>
      notifications.show({ color: 'red', message: `Sorry, there was a problem: ${reasonOf(err)}` }),
    );
  }, [wanted, session, overrideRole, query, setQuery]);
}

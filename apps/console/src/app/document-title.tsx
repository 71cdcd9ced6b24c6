import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, screenTitle } from '@vigil/domain/routes';
import { useAlerting } from '../features/alerts/alerting-context';
import { useSession } from '../session/session';

/**
 * Names the browser tab after the screen, the open alerts counted first ("(2) Alerts · Vigil"), so a
 * console in a background tab shows them. Rendered inside the layout, where the shell's alerting is.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { session } = useSession();
  const { alerts } = useAlerting();
  const flags = session.status === 'signedIn' ? session.me.zone.config.featureFlags : {};
  const title = documentTitle(screenTitle(pathname, flags), alerts?.length ?? 0);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

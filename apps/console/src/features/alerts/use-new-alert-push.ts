import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { alertSoundsAlarm, type Alert } from '@vigil/domain';

/** Whether a path is the alerts screen (/alerts or /alerts/{consoleId}). */
export const isAlertsScreen = (pathname: string) => /^\/alerts(\/|$)/.test(pathname);

/**
 * SPEC §2.2: a new active alert pushes the user to the alerts screen unless already there. The
 * alerts present when the console starts are not new (the landing rule already covers them).
 */
export function useNewAlertPush(alerts: readonly Alert[] | undefined) {
  const navigate = useNavigate();
  const known = useRef<Set<string> | null>(null);
  const startedAt = useRef(Date.now());

  useEffect(() => {
    if (!alerts) return;
    // The first answer's alerts made before the console started are not new; one made since is,
    // even when it arrives with that first answer.
    known.current ??= new Set(
      alerts.filter((a) => Date.parse(a.createdAt) < startedAt.current).map((a) => a.id),
    );
    const seen = known.current;
    const fresh = alerts.filter((a) => !seen.has(a.id));
    for (const a of fresh) seen.add(a.id);
    // The address bar, not the rendered location: while a navigation waits for its screen's chunk
    // React still renders the previous location, and that must not swallow the push.
    if (fresh.some(alertSoundsAlarm) && !isAlertsScreen(window.location.pathname)) navigate('/alerts');
  }, [alerts, navigate]);
}

import { useEffect, useRef, useState } from 'react';
import { BUILD_HASH_CHECK_MS, HEARTBEAT_MS } from '@vigil/domain';
import { fetchBuildHash, isConsoleRegistered, sendHeartbeat, useConsoleInfo } from '../../api/consoles';
import { activeAlerts } from '../../features/alerts/active-alerts';
import { consoleId, isInstalledApp } from '../../session/console-identity';

/**
 * The console's presence: a heartbeat every 60 s (the first registers a new console), and a check
 * of /hash.json every 60 s that reloads on a new build — never while an alert is active, since a
 * reload would silence the alarm until someone clicks. Answers the console's name (SPEC §2.6), asked
 * only once the console is registered.
 */
export function useConsolePresence(): string | undefined {
  const [id] = useState(consoleId);
  const [registered, setRegistered] = useState(() => isConsoleRegistered(id));
  const firstHash = useRef<string | undefined>(undefined);

  useEffect(() => {
    let stopped = false;
    let pendingReload = false;

    async function beat() {
      const hash = (await fetchBuildHash().catch(() => undefined)) ?? '';
      // The first hash that arrives is this page's build: a failed first check must not leave
      // an empty one behind, which would turn the reload off for the page's whole life.
      if (hash) firstHash.current ??= hash;
      if (hash && hash !== firstHash.current) pendingReload = true;
      if (pendingReload && !activeAlerts.any()) window.location.reload();
      const answered = await sendHeartbeat(id, {
        hash: firstHash.current ?? '',
        href: window.location.href,
        pwa: isInstalledApp(),
      }).then(
        () => true,
        () => false,
      );
      if (answered && !stopped) setRegistered(true);
    }

    void beat();
    const heartbeat = setInterval(() => !stopped && void beat(), Math.min(HEARTBEAT_MS, BUILD_HASH_CHECK_MS));
    return () => {
      stopped = true;
      clearInterval(heartbeat);
    };
  }, [id]);

  return useConsoleInfo(id, registered).data?.name;
}

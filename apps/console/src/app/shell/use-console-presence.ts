import { useEffect, useRef } from 'react';
import { BUILD_HASH_CHECK_MS, HEARTBEAT_MS } from '@vigil/domain';
import { fetchBuildHash, sendHeartbeat } from '../../api/consoles';
import { activeAlerts } from '../../features/alerts/active-alerts';
import { consoleId, isInstalledApp } from '../../session/console-identity';

/**
 * The console's presence: a heartbeat every 60 s, and a check of /hash.json every 60 s
 * that reloads on a new build — never while an alert is active, since a reload would silence the
 * alarm until someone clicks.
 */
export function useConsolePresence() {
  const firstHash = useRef<string | undefined>(undefined);

  useEffect(() => {
    const id = consoleId();
    let stopped = false;
    let pendingReload = false;

    async function beat() {
      const hash = (await fetchBuildHash().catch(() => undefined)) ?? '';
      // The first hash that arrives is this page's build: a failed first check must not leave
      // an empty one behind, which would turn the reload off for the page's whole life.
      if (hash) firstHash.current ??= hash;
      if (hash && hash !== firstHash.current) pendingReload = true;
      if (pendingReload && !activeAlerts.any()) window.location.reload();
      await sendHeartbeat(id, {
        hash: firstHash.current ?? '',
        href: window.location.href,
        pwa: isInstalledApp(),
      }).catch(() => undefined);
    }

    void beat();
    const heartbeat = setInterval(() => !stopped && void beat(), Math.min(HEARTBEAT_MS, BUILD_HASH_CHECK_MS));
    return () => {
      stopped = true;
      clearInterval(heartbeat);
    };
  }, []);
}

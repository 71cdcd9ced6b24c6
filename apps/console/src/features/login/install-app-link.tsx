import { useEffect, useState, useSyncExternalStore } from 'react';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isInstalledApp } from '../../session/console-identity';
import { installPrompt, manifestUrl } from '../../session/pwa';

/**
 * SPEC §2.3: a link to install the desktop app, only when the manifest gives a start URL and the
 * app is not already installed (and the browser offers installation).
 */
export function InstallAppLink() {
  const [startUrl, setStartUrl] = useState<string>();
  const available = useSyncExternalStore(installPrompt.subscribe, installPrompt.available, () => false);

  useEffect(() => {
    const controller = new AbortController();
    fetch(manifestUrl(), { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ start_url?: string }>) : undefined))
      .then((manifest) => setStartUrl(manifest?.start_url))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!startUrl || isInstalledApp() || !available) return null;

  async function install() {
    try {
      const outcome = await installPrompt.prompt();
      if (outcome === 'unavailable') throw new Error('unavailable');
    } catch {
      notifications.show({
        color: 'red',
        title: 'Could not install the app',
        message: 'The desktop app could not be installed. Please contact support.',
      });
    }
  }

  return (
    <Anchor component="button" type="button" size="sm" onClick={install}>
      Install the desktop app
    </Anchor>
  );
}

import { consoleId } from './console-identity';

/** The web-app manifest comes from the API server, for this console (SPEC §7 manifest.json). */
export function manifestUrl(): string {
  const query = new URLSearchParams({
    consoleId: consoleId(),
    isCustom: 'false',
    hostname: window.location.hostname,
  });
  return `/api/manifest.json?${query}`;
}

export function linkManifest(): void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = manifestUrl();
  document.head.appendChild(link);
}

/** The service worker caches hashed assets only: never /api, /hash.json or navigations. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      /* the console works without it; only installability needs it */
    });
  });
}

type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
let deferred: InstallPrompt | undefined;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPrompt;
    for (const l of listeners) l();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    for (const l of listeners) l();
  });
}

export const installPrompt = {
  available: () => deferred !== undefined,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  async prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    if (!deferred) return 'unavailable';
    await deferred.prompt();
    const { outcome } = await deferred.userChoice;
    deferred = undefined;
    return outcome === 'accepted' ? 'accepted' : 'dismissed';
  },
};

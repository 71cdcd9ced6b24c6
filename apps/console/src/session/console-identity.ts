/**
 * A console is a browser profile with an id: a UUID kept in localStorage, or the one given
 * by /alerts/{consoleId}.
 */
const KEY = 'vigil.consoleId';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function consoleId(): string {
  const fromPath = /^\/alerts\/([^/]+)/.exec(window.location.pathname)?.[1];
  if (fromPath && UUID.test(fromPath)) {
    localStorage.setItem(KEY, fromPath.toLowerCase());
    return fromPath.toLowerCase();
  }
  const stored = localStorage.getItem(KEY);
  if (stored && UUID.test(stored)) return stored;
  const id = crypto.randomUUID();
  localStorage.setItem(KEY, id);
  return id;
}

/** Whether the console runs as an installed app (SPEC §7 heartbeat pwa flag). */
export function isInstalledApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

import { useSyncExternalStore } from 'react';

/**
 * What the banners of SPEC §2.6 read: whether the signed-in session can reach the server, and
 * whether the alert list's last good refresh is over 10 s old (SPEC §8). Both show the same
 * 'Alerts will not be shown' banner; they are kept apart so that another call succeeding cannot
 * hide a failing alert refresh.
 */
type Connection = { serverProblem: boolean; alertsStale: boolean };
let state: Connection = { serverProblem: false, alertsStale: false };
const listeners = new Set<() => void>();

export const connection = {
  get: () => state,
  set(next: Partial<Connection>) {
    if (Object.entries(next).every(([k, v]) => state[k as keyof Connection] === v)) return;
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useConnection(): Connection {
  return useSyncExternalStore(connection.subscribe, connection.get, connection.get);
}

import { useQuery } from '@tanstack/react-query';
import { CONSOLE_NAME_REFRESH_MS, type ConsoleSnapshot, type ConsoleSnapshotSummary } from '@vigil/domain';
import { api } from './client';

export type ConsoleInfo = { id: string; name: string };

export const consoleKeys = { one: (id: string) => ['console', id] as const };

/** SPEC §2.6: the console name in the nav bar, refreshed every 60 s. */
export function useConsoleInfo(id: string) {
  return useQuery({
    queryKey: consoleKeys.one(id),
    queryFn: ({ signal }) => api.get<ConsoleInfo>(`consoles/${id}`, { signal }),
    refetchInterval: CONSOLE_NAME_REFRESH_MS,
    retry: false,
  });
}

export function sendHeartbeat(id: string, body: { hash: string; href: string; pwa: boolean }) {
  return api.post(`consoles/${id}/heartbeats`, { body });
}

/** The build's hash, for heartbeats and for reloading on a new build (SPEC §7 GET /hash.json). */
export async function fetchBuildHash(signal?: AbortSignal): Promise<string | undefined> {
  const res = await fetch('/hash.json', { cache: 'no-store', signal });
  if (!res.ok) return undefined;
  return ((await res.json()) as { hash?: string }).hash;
}

/** The consoles list (issue 6): GET consoles with the list contract. */
export const CONSOLES_API = 'consoles';

/** SPEC §7 GET consoles/{id}/snapshots?from=&to=: newest first, at most 500. */
export function useConsoleSnapshots(id: string, range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: ['console', id, 'snapshots', range.from, range.to],
    queryFn: ({ signal }) =>
      api.get<{ data: ConsoleSnapshotSummary[]; total: number }>(`consoles/${id}/snapshots`, {
        query: { from: range.from, to: range.to },
        signal,
      }),
  });
}

/** SPEC §7 GET consoles/{id}/snapshots/{snap}: one snapshot with what the console showed. */
export function useConsoleSnapshot(id: string, snap: string | null) {
  return useQuery({
    queryKey: ['console', id, 'snapshot', snap],
    queryFn: ({ signal }) => api.get<ConsoleSnapshot>(`consoles/${id}/snapshots/${snap}`, { signal }),
    enabled: snap !== null,
  });
}

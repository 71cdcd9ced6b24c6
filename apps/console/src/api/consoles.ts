import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONSOLE_NAME_REFRESH_MS, type ConsoleSnapshot, type ConsoleSnapshotSummary } from '@vigil/domain';
import { api } from './client';
import { areaList, listKeys, type ListPageState } from './lists';

export type ConsoleInfo = { id: string; name: string };
export type SnapshotRange = { from?: string; to?: string };

export const consoleKeys = {
  all: ['consoles'] as const,
  lists: () => [...consoleKeys.all, 'list'] as const,
  /** One page of the consoles list, as DataTable keys it. */
  list: (page: ListPageState) => listKeys.page(CONSOLES_API, page),
  detail: (id: string) => [...consoleKeys.all, 'detail', id] as const,
  snapshots: (id: string, range: SnapshotRange) =>
    [...consoleKeys.detail(id), 'snapshots', range.from, range.to] as const,
  snapshot: (id: string, snap: string | null) => [...consoleKeys.detail(id), 'snapshot', snap] as const,
};

/** The consoles list: GET consoles with the list contract. */
export const CONSOLES_API = areaList(consoleKeys.lists(), 'consoles');

export const consoleQueries = {
  /** SPEC §2.6: the console name in the nav bar, refreshed every 60 s. */
  detail: (id: string) =>
    queryOptions({
      queryKey: consoleKeys.detail(id),
      queryFn: ({ signal }) => api.get<ConsoleInfo>(`consoles/${id}`, { signal }),
      refetchInterval: CONSOLE_NAME_REFRESH_MS,
      retry: false,
    }),
  /** SPEC §7 GET consoles/{id}/snapshots?from=&to=: newest first, at most 500. */
  snapshots: (id: string, range: SnapshotRange) =>
    queryOptions({
      queryKey: consoleKeys.snapshots(id, range),
      queryFn: ({ signal }) =>
        api.get<{ data: ConsoleSnapshotSummary[]; total: number }>(`consoles/${id}/snapshots`, {
          query: { from: range.from, to: range.to },
          signal,
        }),
    }),
  /** SPEC §7 GET consoles/{id}/snapshots/{snap}: one snapshot with what the console showed. */
  snapshot: (id: string, snap: string | null) =>
    queryOptions({
      queryKey: consoleKeys.snapshot(id, snap),
      queryFn: ({ signal }) => api.get<ConsoleSnapshot>(`consoles/${id}/snapshots/${snap}`, { signal }),
      enabled: snap !== null,
    }),
};

/**
 * The console's name, asked once a heartbeat has registered the console: a console the server has
 * not met yet is unknown to GET consoles/{id}, so asking first would only fetch a 404.
 */
export function useConsoleInfo(id: string, registered: boolean) {
  return useQuery({ ...consoleQueries.detail(id), enabled: registered });
}

/** The consoles this page has registered, each with a promise settled by its first heartbeat. */
const registrations = new Map<string, { done: boolean; promise: Promise<void>; resolve: () => void }>();

function registration(id: string) {
  let entry = registrations.get(id);
  if (!entry) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    entry = { done: false, promise, resolve };
    registrations.set(id, entry);
  }
  return entry;
}

/** Whether a heartbeat of this page has registered the console with the server. */
export function isConsoleRegistered(id: string): boolean {
  return registration(id).done;
}

/** Settles once a heartbeat of this page has registered the console (what posts about it waits). */
export function consoleRegistered(id: string): Promise<void> {
  return registration(id).promise;
}

/** SPEC §7 POST consoles/{id}/heartbeats: the server registers an unknown console on its first. */
export async function sendHeartbeat(id: string, body: { hash: string; href: string; pwa: boolean }) {
  const answer = await api.post<ConsoleInfo>(`consoles/${id}/heartbeats`, { body });
  const entry = registration(id);
  entry.done = true;
  entry.resolve();
  return answer;
}

/** The build's hash, for heartbeats and for reloading on a new build (SPEC §7 GET /hash.json). */
export async function fetchBuildHash(signal?: AbortSignal): Promise<string | undefined> {
  const res = await fetch('/hash.json', { cache: 'no-store', signal });
  if (!res.ok) return undefined;
  return ((await res.json()) as { hash?: string }).hash;
}

export function useConsoleSnapshots(id: string, range: SnapshotRange) {
  return useQuery(consoleQueries.snapshots(id, range));
}

export function useConsoleSnapshot(id: string, snap: string | null) {
  return useQuery(consoleQueries.snapshot(id, snap));
}

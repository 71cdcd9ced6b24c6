import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ALERT_REFRESH_FAILED_AFTER_MS,
  alertDetailSchema,
  alertEventSchema,
  alertListSchema,
  alertSchema,
  isAlertOpen,
  type Alert,
  type AlertClose,
  type AlertDetail,
  type VideoStreams,
  videoStreamsSchema,
} from '@vigil/domain';
import { api, authHeaders, buildUrl } from './client';
import { connectEventStream } from './event-stream';

const oneAlert: z.ZodType<Alert> = alertSchema;
const alertPage: z.ZodType<{ data: Alert[]; total: number }> = alertListSchema;
const alertDetail: z.ZodType<AlertDetail> = alertDetailSchema;

export const alertKeys = {
  all: ['alerts'] as const,
  /** Every open alert in scope: the one store the SSE events and the 2 s polling both feed. */
  open: () => [...alertKeys.all, 'open'] as const,
  detail: (id: string) => [...alertKeys.all, 'detail', id] as const,
  streams: (id: string) => [...alertKeys.all, 'streams', id] as const,
};

const byNewest = (a: Alert, b: Alert) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * The open list with one alert's newer copy applied: replaced or added, or removed once closed.
 * A copy older than the one held (by updatedAt) changes nothing.
 */
export function applyAlertChange(list: readonly Alert[], alert: Alert): Alert[] {
  const held = list.find((a) => a.id === alert.id);
  if (held && Date.parse(held.updatedAt) > Date.parse(alert.updatedAt)) return [...list];
  const rest = list.filter((a) => a.id !== alert.id);
  return isAlertOpen(alert) ? [...rest, alert].sort(byNewest) : rest;
}

/**
 * Alerts learnt outside the polling (SSE events, our own writes), numbered in arrival order. A poll
 * that started before a change answers without it: the change is applied again on its answer.
 */
type ChangeLog = { seq: number; entries: { seq: number; at: number; alert: Alert }[] };
const LOG_KEEP_MS = 60_000;
const logs = new WeakMap<QueryClient, ChangeLog>();
function changeLog(queryClient: QueryClient): ChangeLog {
  let log = logs.get(queryClient);
  if (!log) logs.set(queryClient, (log = { seq: 0, entries: [] }));
  return log;
}

/** Applies an alert learnt from an event or a write to the open list at once. */
export function recordAlertChange(queryClient: QueryClient, alert: Alert) {
  const log = changeLog(queryClient);
  const now = Date.now();
  log.entries = log.entries.filter((e) => now - e.at < LOG_KEEP_MS);
  log.entries.push({ seq: ++log.seq, at: now, alert });
  queryClient.setQueryData<Alert[]>(alertKeys.open(), (list) => list && applyAlertChange(list, alert));
  void queryClient.invalidateQueries({ queryKey: alertKeys.detail(alert.id) });
}

export type OpenAlertsQuery = { includeTest: boolean };

/**
 * GET alerts/: every open alert in scope, newest first, unpaged (SPEC §7). A refresh older than
 * 10 s counts as failed (SPEC §8), so the call gives up then instead of after the usual 30 s.
 */
export async function fetchOpenAlerts(
  queryClient: QueryClient,
  { includeTest }: OpenAlertsQuery,
  signal?: AbortSignal,
): Promise<Alert[]> {
  const log = changeLog(queryClient);
  const since = log.seq;
  const page = await api.get('alerts/', {
    query: { test: includeTest || undefined },
    signal,
    schema: alertPage,
    timeoutMs: ALERT_REFRESH_FAILED_AFTER_MS,
  });
  let list = page.data.filter(isAlertOpen).sort(byNewest);
  for (const entry of log.entries) if (entry.seq > since) list = applyAlertChange(list, entry.alert);
  return list;
}

export type AlertStreamHandlers = {
  onAlert: (alert: Alert) => void;
  /** The server cannot replay what was missed: refetch everything. */
  onReset: () => void;
  onOpen?: () => void;
};

/** GET /api/events (SSE): alert events of the caller's scope; returns the function that closes it. */
export function openAlertStream(handlers: AlertStreamHandlers): () => void {
  return connectEventStream({
    url: buildUrl('events'),
    headers: authHeaders,
    onOpen: handlers.onOpen,
    onEvent: (event) => {
      if (event.event === 'reset') return handlers.onReset();
      if (event.event !== 'alert') return;
      try {
        const parsed = alertEventSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) handlers.onAlert(parsed.data.alert);
      } catch {
        /* not JSON: ignore this event, the polling still carries the alert */
      }
    },
  });
}

/** POST log/alerts/error/{id}: the console saw this alert late, `clientLastRefreshDelta` ms after its last good refresh. */
export function reportAlertRefreshError(alert: Alert, clientLastRefreshDelta: number) {
  return api.post(`log/alerts/error/${encodeURIComponent(alert.id)}`, {
    body: { tag: alert.tag.id, clientLastRefreshDelta },
  });
}

const videoStreams: z.ZodType<VideoStreams> = videoStreamsSchema;

/**
 * The server answers its proxy's URLs from its own root (`/api/video/proxy/…`); an <img> or a player
 * fetches them itself, so they are made whole on the API's origin (VITE_API_BASE, or this one).
 */
function onApiOrigin(url: string): string {
  return url.startsWith('/') ? `${(import.meta.env.VITE_API_BASE as string | undefined) ?? ''}${url}` : url;
}

export const alertQueries = {
  /** GET alerts/{id} with its history. */
  detail: (id: string) =>
    queryOptions({
      queryKey: alertKeys.detail(id),
      queryFn: ({ signal }) => api.get(`alerts/${encodeURIComponent(id)}`, { signal, schema: alertDetail }),
    }),
  /** GET video/streams/{alertId} (needs the video flag and read Video), fetched again before it expires. */
  streams: (alertId: string) =>
    queryOptions({
      queryKey: alertKeys.streams(alertId),
      queryFn: async ({ signal }): Promise<VideoStreams> => {
        const answer = await api.get(`video/streams/${encodeURIComponent(alertId)}`, {
          signal,
          schema: videoStreams,
        });
        return { ...answer, streams: answer.streams.map((s) => ({ ...s, url: onApiOrigin(s.url) })) };
      },
      refetchInterval: (query) => {
        const expiresAt = Date.parse(query.state.data?.expiresAt ?? '');
        return Number.isFinite(expiresAt) ? Math.max(5000, expiresAt - Date.now() - 10_000) : false;
      },
    }),
};

export function useAlertDetail(id: string) {
  return useQuery(alertQueries.detail(id));
}

export function useAlertStreams(alertId: string, enabled: boolean) {
  return useQuery({ ...alertQueries.streams(alertId), enabled });
}

/** PUT alerts/{id} {acknowledged: true}. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.put(`alerts/${encodeURIComponent(id)}`, { body: { acknowledged: true }, schema: oneAlert }),
    onSuccess: (alert) => recordAlertChange(queryClient, alert),
  });
}

/** PUT alerts/{id} {reasonCode, reasonText, reasonDetails}, checked first with validateAlertClose. */
export function useCloseAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AlertClose & { id: string }) =>
      api.put(`alerts/${encodeURIComponent(id)}`, { body, schema: oneAlert }),
    onSuccess: (alert) => recordAlertChange(queryClient, alert),
  });
}

import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Alert, RawRule } from '@vigil/domain';
import { AlertingProvider } from '../features/alerts/alerting-provider';
import { alertFixture } from './alert-fixtures';
import { json, stubFetch } from './fetch-stub';
import { CurrentPath, renderSignedIn } from './signed-in';

/** A responder: reads, hears, acknowledges and closes alerts. */
/** jsdom plays no audio: the alarm's play() resolves and pause() does nothing. */
export function stubMediaPlayback() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
}

export const RESPONDER_RULES: RawRule[] = [{ action: ['list', 'read', 'update'], subject: 'Alert' }];

/** An event stream that stays open until its request is aborted, as a real one does. */
export function openEventStream(signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(': connected\n\n'));
      signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/**
 * A small alert API over `fetch`: GET alerts/, PUT alerts/{id} (acknowledge as Sam Responder, or
 * close), the SSE stream (open, silent) and 404 for the rest (snapshots, error reports).
 */
export function serveAlerts(initial: Alert[]) {
  const alerts = new Map(initial.map((a) => [a.id, a]));
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/events') return openEventStream(init.signal);
    if (method === 'GET' && url.pathname === '/api/alerts/') {
      const open = [...alerts.values()].filter((a) => a.state !== 'closed');
      return { data: open, total: open.length };
    }
    const id = /^\/api\/alerts\/(.+)$/.exec(url.pathname)?.[1];
    if (method === 'PUT' && id && alerts.has(id)) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      const now = new Date().toISOString();
      const before = alerts.get(id)!;
      const after: Alert =
        'acknowledged' in body
          ? {
              ...before,
              acknowledged: true,
              acknowledgedAt: now,
              acknowledgedBy: { id: 'u-sam', name: 'Sam Responder' },
              updatedAt: now,
            }
          : { ...before, ...body, state: 'closed', closedAt: now, updatedAt: now };
      alerts.set(id, after);
      return after;
    }
    return json({ reason: 'Not found' }, 404);
  });
  return { fetch, alerts, add: (alert: Alert) => alerts.set(alert.id, alert) };
}

/** Renders `ui` at `path` inside the shell's alerting, for a signed-in responder with these rules and flags. */
export function renderWithAlerting(
  ui: ReactNode,
  {
    path = '/alerts',
    rules = RESPONDER_RULES,
    flags = {},
  }: { path?: string; rules?: RawRule[]; flags?: Record<string, boolean> } = {},
) {
  return renderSignedIn(ui, {
    rules,
    role: 'security',
    flags,
    path,
    around: (routes) => (
      <AlertingProvider>
        {routes}
        <CurrentPath />
      </AlertingProvider>
    ),
  });
}

export { alertFixture };

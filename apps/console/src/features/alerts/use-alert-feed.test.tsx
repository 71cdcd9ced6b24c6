import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { Alert } from '@vigil/domain';
import { connection } from '../../api/connection';
import { messages } from '../../api/messages';
import { json, stubFetch } from '../../test/fetch-stub';
import { alertFixture, renderWithAlerting, stubMediaPlayback } from '../../test/alerting-harness';
import { AlertsScreen } from './alerts-screen';
import { Banners } from './banners';

beforeEach(stubMediaPlayback);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  connection.set({ serverProblem: false, alertsStale: false });
});

/** An alert API whose list answer and event stream the test drives. */
function serveFeed() {
  const state = { alerts: [] as Alert[], failing: false, lists: 0 };
  const reports: { id: string; body: unknown }[] = [];
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const fetch = stubFetch((url, init) => {
    if (url.pathname === '/api/events') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('Aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (url.pathname === '/api/alerts/') {
      state.lists += 1;
      return state.failing
        ? json({ reason: 'Internal error' }, 500)
        : { data: state.alerts, total: state.alerts.length };
    }
    const report = /^\/api\/log\/alerts\/error\/(.+)$/.exec(url.pathname);
    if (report) reports.push({ id: report[1]!, body: JSON.parse(String(init.body)) });
    return json({ reason: 'Not found' }, 404);
  });
  const send = (text: string) => stream?.enqueue(new TextEncoder().encode(text));
  return { fetch, state, reports, send, streamOpen: () => stream !== undefined };
}

const jane = alertFixture({ id: 'al-jane' });

describe('the alert feed (SSE and polling, SPEC §7, §8)', () => {
  it('shows an alert the moment its event arrives, without waiting for the polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const server = serveFeed();
    renderWithAlerting(<AlertsScreen />);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('No active alerts')).toBeInTheDocument();
    expect(server.streamOpen()).toBe(true);

    // The list does not have it yet, and no poll runs before the next 2 s: only the event can show it.
    server.send(`id: 12\nevent: alert\ndata: ${JSON.stringify({ type: 'alert', alert: jane })}\n\n`);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('article', { name: /Jane Doe/ })).toBeInTheDocument();
  });

  it('removes a closed alert on its event, and refetches everything on reset', async () => {
    const server = serveFeed();
    server.state.alerts = [jane];
    renderWithAlerting(<AlertsScreen />);
    await screen.findByRole('article', { name: /Jane Doe/ });
    await waitFor(() => expect(server.streamOpen()).toBe(true));

    const closed = { ...jane, state: 'closed' as const, updatedAt: new Date().toISOString() };
    server.send(`event: alert\ndata: ${JSON.stringify({ type: 'alert', alert: closed })}\n\n`);
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();

    const lists = server.state.lists;
    server.send('event: reset\ndata: {}\n\n');
    await waitFor(() => expect(server.state.lists).toBeGreaterThan(lists));
  });

  it('warns that alerts will not be shown after 10 s without a good refresh, until one succeeds, and reports the alerts it saw late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const server = serveFeed();
    server.state.failing = true;
    renderWithAlerting(<Banners />, { path: '/zones' });

    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(messages.serverProblem)).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText(messages.serverProblem)).toBeInTheDocument();

    server.state.failing = false;
    server.state.alerts = [jane];
    await act(async () => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.queryByText(messages.serverProblem)).not.toBeInTheDocument();
    expect(server.reports).toEqual([]);

    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(server.reports).toEqual([
      { id: 'al-jane', body: { tag: jane.tag.id, clientLastRefreshDelta: expect.any(Number) } },
    ]);
    const delta = (server.reports[0]!.body as { clientLastRefreshDelta: number }).clientLastRefreshDelta;
    expect(delta).toBeGreaterThan(10_000);
  });

  it('keeps polling every 2 s while events stream in, so a busy site never sees the warning', async () => {
    // bench/alert-latency: at 5 presses a second the events came faster than the 2 s interval, and
    // each one restarted it: no poll ran, and after 10 s the banner said alerts would not be shown.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const server = serveFeed();
    renderWithAlerting(<Banners />, { path: '/zones' });
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(server.streamOpen()).toBe(true);
    const lists = server.state.lists;

    for (let i = 0; i < 30; i++) {
      const alert = alertFixture({ id: `al-busy-${i}`, updatedAt: new Date().toISOString() });
      server.send(`id: ${100 + i}\nevent: alert\ndata: ${JSON.stringify({ type: 'alert', alert })}\n\n`);
      await act(async () => vi.advanceTimersByTimeAsync(500));
    }
    // 15 s of events every 500 ms: a poll every 2 s, and no warning.
    expect(server.state.lists - lists).toBeGreaterThanOrEqual(6);
    expect(screen.queryByText(messages.serverProblem)).not.toBeInTheDocument();
    expect(server.reports).toEqual([]);
  });

  it('neither polls nor listens for a user who may not read alerts', async () => {
    const server = serveFeed();
    renderWithAlerting(<Banners />, { path: '/zones', rules: [{ action: 'read', subject: 'Zone' }] });
    await act(async () => {});
    expect(server.fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringMatching(/alerts|events/),
    );
  });
});

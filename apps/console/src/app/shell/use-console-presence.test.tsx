import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { json, stubFetch } from '../../test/fetch-stub';
import { activeAlerts } from '../../features/alerts/active-alerts';
import { useConsolePresence } from './use-console-presence';

const CONSOLE_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const HEARTBEATS = `/api/consoles/${CONSOLE_ID}/heartbeats`;

/**
 * Serves `/hash.json` (the build the server now ships, or a failure while it is `undefined`) and
 * accepts heartbeats; `reload` stands in for `window.location.reload`.
 */
function serveBuild(initial: string | undefined, id = CONSOLE_ID) {
  const detail = `/api/consoles/${id}`;
  const build = { hash: initial, registered: false };
  const fetch = stubFetch((url) => {
    if (url.pathname === '/hash.json') return build.hash === undefined ? json({}, 503) : { hash: build.hash };
    // The server registers a console on its first heartbeat and knows it from then on.
    if (url.pathname === `${detail}/heartbeats`) {
      build.registered = true;
      return { id, name: 'Front desk' };
    }
    if (url.pathname === detail && build.registered) return { id, name: 'Front desk' };
    return json({ reason: 'Not found' }, 404);
  });
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const heartbeats = () =>
    fetch.mock.calls
      .filter(([input]) => String(input) === HEARTBEATS)
      .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));
  const failed = () =>
    fetch.mock.calls.filter((_, i) => {
      const result = fetch.mock.settledResults[i];
      return result?.type === 'fulfilled' && !result.value.ok;
    });
  return { build, reload, heartbeats, failed, fetch };
}

/** Runs the hook as the shell does, inside a query client. */
function renderPresence() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useConsolePresence(), { wrapper });
}

/** Lets `ms` pass, running the timers and the requests they start. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  localStorage.setItem('vigil.consoleId', CONSOLE_ID);
});
afterEach(() => {
  activeAlerts.set(0);
  vi.useRealTimers();
});

describe('console presence (SPEC §7 Consoles, §9: heartbeat and build check every 60 s)', () => {
  it('sends a heartbeat with the build hash, the page address and the app flag at once, then every 60 s', async () => {
    const { heartbeats } = serveBuild('build-1');
    renderPresence();

    await wait(0);
    expect(heartbeats()).toEqual([
      { method: 'POST', body: { hash: 'build-1', href: window.location.href, pwa: false } },
    ]);

    await wait(59_999);
    expect(heartbeats()).toHaveLength(1);
    await wait(1);
    expect(heartbeats()).toHaveLength(2);
    await wait(60_000);
    expect(heartbeats()).toHaveLength(3);
  });

  it('registers a new console with its first heartbeat before asking for its name, so no request fails', async () => {
    // A console this page has not registered yet.
    const id = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    localStorage.setItem('vigil.consoleId', id);
    const { fetch, failed } = serveBuild('build-1', id);
    const { result } = renderPresence();

    await vi.waitFor(() => expect(result.current).toBe('Front desk'));
    const asked = fetch.mock.calls.map(([input]) => String(input));
    expect(asked.indexOf(`/api/consoles/${id}/heartbeats`)).toBeLessThan(
      asked.indexOf(`/api/consoles/${id}`),
    );
    expect(failed()).toEqual([]);
  });

  it('stops the heartbeats when the shell goes away', async () => {
    const { heartbeats } = serveBuild('build-1');
    const { unmount } = renderPresence();
    await wait(0);

    unmount();
    await wait(180_000);

    expect(heartbeats()).toHaveLength(1);
  });

  it('does not reload while the build stays the same', async () => {
    const { reload } = serveBuild('build-1');
    renderPresence();

    await wait(180_000);

    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when /hash.json names a new build', async () => {
    const { build, reload, heartbeats } = serveBuild('build-1');
    renderPresence();
    await wait(0);

    build.hash = 'build-2';
    await wait(60_000);

    expect(reload).toHaveBeenCalledTimes(1);
    // The heartbeat still names the build this page runs.
    expect(heartbeats().at(-1)?.body).toMatchObject({ hash: 'build-1' });
  });

  it('waits while an alert is active, and reloads once none is', async () => {
    const { build, reload } = serveBuild('build-1');
    renderPresence();
    await wait(0);

    activeAlerts.set(1);
    build.hash = 'build-2';
    await wait(180_000);
    expect(reload).not.toHaveBeenCalled();

    activeAlerts.set(0);
    await wait(60_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still notices a new build when the first build check failed', async () => {
    const { build, reload, heartbeats } = serveBuild(undefined);
    renderPresence();
    await wait(0);

    build.hash = 'build-1';
    await wait(60_000);
    expect(reload).not.toHaveBeenCalled();
    expect(heartbeats().at(-1)?.body).toMatchObject({ hash: 'build-1' });

    build.hash = 'build-2';
    await wait(60_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

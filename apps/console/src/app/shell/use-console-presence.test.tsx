import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { json, stubFetch } from '../../test/fetch-stub';
import { activeAlerts } from '../../features/alerts/active-alerts';
import { useConsolePresence } from './use-console-presence';

const CONSOLE_ID = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const HEARTBEATS = `/api/consoles/${CONSOLE_ID}/heartbeats`;

/**
 * Serves `/hash.json` (the build the server now ships, or a failure while it is `undefined`) and
 * accepts heartbeats; `reload` stands in for `window.location.reload`.
 */
function serveBuild(initial: string | undefined) {
  const build = { hash: initial };
  const fetch = stubFetch((url) => {
    if (url.pathname === '/hash.json') return build.hash === undefined ? json({}, 503) : { hash: build.hash };
    if (url.pathname === HEARTBEATS) return new Response(null, { status: 204 });
    return json({ reason: 'Not found' }, 404);
  });
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const heartbeats = () =>
    fetch.mock.calls
      .filter(([input]) => String(input) === HEARTBEATS)
      .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));
  return { build, reload, heartbeats };
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
    renderHook(() => useConsolePresence());

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

  it('stops the heartbeats when the shell goes away', async () => {
    const { heartbeats } = serveBuild('build-1');
    const { unmount } = renderHook(() => useConsolePresence());
    await wait(0);

    unmount();
    await wait(180_000);

    expect(heartbeats()).toHaveLength(1);
  });

  it('does not reload while the build stays the same', async () => {
    const { reload } = serveBuild('build-1');
    renderHook(() => useConsolePresence());

    await wait(180_000);

    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when /hash.json names a new build', async () => {
    const { build, reload, heartbeats } = serveBuild('build-1');
    renderHook(() => useConsolePresence());
    await wait(0);

    build.hash = 'build-2';
    await wait(60_000);

    expect(reload).toHaveBeenCalledTimes(1);
    // The heartbeat still names the build this page runs.
    expect(heartbeats().at(-1)?.body).toMatchObject({ hash: 'build-1' });
  });

  it('waits while an alert is active, and reloads once none is', async () => {
    const { build, reload } = serveBuild('build-1');
    renderHook(() => useConsolePresence());
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
    renderHook(() => useConsolePresence());
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

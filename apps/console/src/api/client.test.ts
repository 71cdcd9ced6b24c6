import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TokenData } from '@vigil/domain';
import { json, stubFetch } from '../test/fetch-stub';
import { sessionStore } from '../session/store';
import { api } from './client';
import { connection } from './connection';
import { ApiError } from './errors';

const MINUTE = 60_000;

/** Tokens whose access token expires in `accessMs` (the refresh token lives a day). */
function tokens(access: string, accessMs: number): TokenData {
  return {
    access: { token: access, expiresAt: new Date(Date.now() + accessMs).toISOString() },
    refresh: { token: 'refresh-1', expiresAt: new Date(Date.now() + 1440 * MINUTE).toISOString() },
  };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);
const bearer = (token: string) => `Bearer ${token}`;

type Call = { path: string; authorization: string | null };
function callsOf(fetch: ReturnType<typeof stubFetch>): Call[] {
  return fetch.mock.calls.map(([input, init]) => ({
    path: new URL(String(input), 'http://localhost').pathname,
    authorization: header(init ?? {}, 'authorization'),
  }));
}

/** A token server: `/api/auth/token` answers a fresh access token `access-2` for refresh-1. */
function tokenServer(url: URL, init: RequestInit, answer: (init: RequestInit) => Response | unknown) {
  if (url.pathname === '/api/auth/token') {
    if (header(init, 'authorization') !== bearer('refresh-1')) return json({ reason: 'Bad token' }, 401);
    return tokens('access-2', 15 * MINUTE);
  }
  return answer(init);
}

beforeEach(() => {
  connection.set({ serverProblem: false });
});

describe('API client headers (SPEC §7)', () => {
  it('sends the stored slug and the page host name as the domain with every request', async () => {
    sessionStore.setSlug('demo');
    const fetch = stubFetch(() => ({ ok: true }));

    await api.get('zones');
    await api.post('auth/password/demo', { body: { username: 'a', password: 'b' }, auth: false });

    for (const [, init] of fetch.mock.calls) {
      expect(header(init ?? {}, 'slug')).toBe('demo');
      expect(header(init ?? {}, 'domain')).toBe(window.location.hostname);
    }
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends the stored access token as a bearer token', async () => {
    sessionStore.setTokens(tokens('access-1', 15 * MINUTE));
    const fetch = stubFetch(() => ({}));

    await api.get('users/me');

    expect(callsOf(fetch)).toEqual([{ path: '/api/users/me', authorization: bearer('access-1') }]);
  });

  it('sends an API key held in session storage as the Basic user name with an empty password', async () => {
    sessionStore.setApiKey('vk_live_123');
    const fetch = stubFetch(() => ({}));

    await api.get('users/me');

    expect(callsOf(fetch)[0]?.authorization).toBe(`Basic ${btoa('vk_live_123:')}`);
  });

  it('sends no credentials on login and config calls', async () => {
    sessionStore.setTokens(tokens('access-1', 15 * MINUTE));
    const fetch = stubFetch(() => ({}));

    await api.get('auth/config', { auth: false });

    expect(callsOf(fetch)[0]?.authorization).toBeNull();
  });
});

describe('API client token refresh (SPEC §7 GET auth/token)', () => {
  it('refreshes an access token about to expire with the refresh token before the request', async () => {
    sessionStore.setTokens(tokens('access-1', 30_000));
    const fetch = stubFetch((url, init) => tokenServer(url, init, () => ({ ok: true })));

    await expect(api.get('zones')).resolves.toEqual({ ok: true });

    expect(callsOf(fetch)).toEqual([
      { path: '/api/auth/token', authorization: bearer('refresh-1') },
      { path: '/api/zones', authorization: bearer('access-2') },
    ]);
    expect(sessionStore.tokens()?.access.token).toBe('access-2');
  });

  it('makes one refresh for two requests sent at once', async () => {
    sessionStore.setTokens(tokens('access-1', 30_000));
    const fetch = stubFetch((url, init) => tokenServer(url, init, () => ({ ok: true })));

    await Promise.all([api.get('zones'), api.get('users/me')]);

    const calls = callsOf(fetch);
    expect(calls.filter((c) => c.path === '/api/auth/token')).toHaveLength(1);
    expect(calls.filter((c) => c.path !== '/api/auth/token')).toEqual([
      { path: '/api/zones', authorization: bearer('access-2') },
      { path: '/api/users/me', authorization: bearer('access-2') },
    ]);
  });

  it('uses the tokens another tab refreshed while this one waited for the refresh lock', async () => {
    sessionStore.setTokens(tokens('access-1', 30_000));
    const request = vi.fn(async (_name: string, run: () => Promise<unknown>) => {
      // Another tab held the lock and stored fresh tokens meanwhile.
      sessionStore.setTokens(tokens('access-2', 15 * MINUTE));
      return run();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    onTestFinished(() => {
      delete (navigator as { locks?: unknown }).locks;
    });
    const fetch = stubFetch((url, init) => tokenServer(url, init, () => ({ ok: true })));

    await api.get('zones');

    expect(request).toHaveBeenCalledWith('vigil-token-refresh', expect.any(Function));
    expect(callsOf(fetch)).toEqual([{ path: '/api/zones', authorization: bearer('access-2') }]);
  });

  it('signs the session out when the refresh token is refused', async () => {
    sessionStore.setTokens(tokens('access-1', 30_000));
    sessionStore.setRoleOverride('security');
    stubFetch((url) =>
      url.pathname === '/api/auth/token' ? json({ reason: 'Token expired' }, 401) : json({}, 401),
    );

    await expect(api.get('zones')).rejects.toBeInstanceOf(ApiError);

    expect(sessionStore.tokens()).toBeUndefined();
    expect(sessionStore.roleOverride()).toBeUndefined();
    expect(sessionStore.hasCredentials()).toBe(false);
  });
});

describe('API client session validity (SPEC §4, §8)', () => {
  it('clears the access token after a 401 and retries once with a fresh one', async () => {
    sessionStore.setTokens(tokens('access-1', 15 * MINUTE));
    const fetch = stubFetch((url, init) =>
      tokenServer(url, init, (init) =>
        header(init, 'authorization') === bearer('access-1')
          ? json({ reason: 'Revoked' }, 401)
          : { ok: true },
      ),
    );

    await expect(api.get('zones')).resolves.toEqual({ ok: true });

    expect(callsOf(fetch)).toEqual([
      { path: '/api/zones', authorization: bearer('access-1') },
      { path: '/api/auth/token', authorization: bearer('refresh-1') },
      { path: '/api/zones', authorization: bearer('access-2') },
    ]);
    expect(connection.get().serverProblem).toBe(false);
  });

  it('reports a server problem when the retry is refused too', async () => {
    sessionStore.setTokens(tokens('access-1', 15 * MINUTE));
    const fetch = stubFetch((url, init) =>
      tokenServer(url, init, () => json({ reason: 'Not signed in' }, 401)),
    );

    await expect(api.get('zones')).rejects.toMatchObject({ status: 401, reason: 'Not signed in' });

    expect(callsOf(fetch).filter((c) => c.path === '/api/zones')).toHaveLength(2);
    expect(connection.get().serverProblem).toBe(true);
  });

  it('clears the server problem on the next answered request', async () => {
    connection.set({ serverProblem: true });
    sessionStore.setTokens(tokens('access-1', 15 * MINUTE));
    stubFetch(() => ({ ok: true }));

    await api.get('zones');

    expect(connection.get().serverProblem).toBe(false);
  });

  it('does not retry a 401 for an API key session', async () => {
    sessionStore.setApiKey('vk_live_123');
    const fetch = stubFetch(() => json({ reason: 'Unknown key' }, 401));

    await expect(api.get('users/me')).rejects.toMatchObject({ status: 401 });

    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('API client errors (SPEC §7: errors carry the response reason)', () => {
  it("rejects with an ApiError carrying the server's reason and code", async () => {
    stubFetch(() => json({ reason: 'Zone is assigned to a gateway', code: 'zone_assigned_to_gateway' }, 409));

    const error = await api.delete('zones/ward-3').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      reason: 'Zone is assigned to a gateway',
      message: 'Zone is assigned to a gateway',
      code: 'zone_assigned_to_gateway',
    });
  });

  it('falls back to the status text when the answer is not JSON', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    await expect(api.get('zones')).rejects.toMatchObject({ status: 502, reason: 'Bad Gateway' });
  });

  it('fails with a clear error when the server does not answer in time', async () => {
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );

    const error = await api.get('zones', { timeoutMs: 20 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', reason: 'The server did not answer in time' });
  });
});

import type { z } from 'zod';
import { API_TIMEOUT_MS, TOKEN_REFRESH_TIMEOUT_MS, type TokenData } from '@vigil/domain';
import { sessionStore } from '../session/store';
import { connection } from './connection';
import { ApiError } from './errors';

/** The API base (ARCHITECTURE §4: configurable, so the API may live on another origin). */
export const API_BASE = `${(import.meta.env.VITE_API_BASE as string | undefined) ?? ''}/api`;
/** Refresh the access token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

export type Query = Record<string, string | number | boolean | undefined | null | readonly string[]>;
export type RequestOptions<T> = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** SPEC §7: 30 s by default, 60 s for token refresh, 600 s for uploads. */
  timeoutMs?: number;
  /** Send credentials (default). Login and config calls send none. */
  auth?: boolean;
  /** Validates and types the answer with the domain's schema. */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
};

export function currentSlug(): string {
  return sessionStore.slug() ?? '';
}

/** Every request carries `slug` and `domain` (SPEC §7). */
function baseHeaders(): Record<string, string> {
  return { slug: currentSlug(), domain: window.location.hostname };
}

export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '');
  const url = new URL(`${API_BASE}/${clean}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, v);
    else url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? url.pathname + url.search : url.toString();
}

async function send(
  method: string,
  url: string,
  init: { headers: Record<string, string>; body?: unknown; signal?: AbortSignal; timeoutMs: number },
) {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const headers = { ...init.headers };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  try {
    return await fetch(url, { method, headers, body, signal });
  } catch (err) {
    if (timeout.aborted && !init.signal?.aborted)
      throw new ApiError(0, 'The server did not answer in time', 'timeout');
    if (init.signal?.aborted) throw err;
    throw new ApiError(
      0,
      navigator.onLine ? 'Could not reach the server' : 'Your network is disconnected',
      'network',
    );
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: { reason?: string; code?: string; field?: string; [key: string]: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON: keep the status text */
  }
  return new ApiError(
    res.status,
    body.reason ?? (res.statusText || `HTTP ${res.status}`),
    body.code,
    body.field,
    body,
  );
}

/** Credentials for a request: the API key as Basic user name, else a fresh bearer access token. */
async function authorization(): Promise<string | undefined> {
  const key = sessionStore.apiKey();
  if (key) return `Basic ${btoa(`${key}:`)}`;
  const tokens = sessionStore.tokens();
  if (!tokens) return undefined;
  if (Date.parse(tokens.access.expiresAt) - Date.now() < REFRESH_MARGIN_MS || !tokens.access.token) {
    const fresh = await refreshTokens();
    return fresh ? `Bearer ${fresh.access.token}` : undefined;
  }
  return `Bearer ${tokens.access.token}`;
}

/**
 * The headers of an authenticated call (slug, domain and credentials), for the few requests that
 * cannot go through `request`, such as the Server-Sent Events stream read with fetch.
 */
export async function authHeaders(): Promise<Record<string, string>> {
  const credentials = await authorization();
  return { ...baseHeaders(), ...(credentials ? { authorization: credentials } : {}) };
}

let refreshing: Promise<TokenData | undefined> | undefined;

/**
 * Refreshes the tokens, one refresh at a time across tabs (a Web Lock): a tab that waited
 * finds the tokens another tab already refreshed and uses them.
 */
export function refreshTokens(): Promise<TokenData | undefined> {
  refreshing ??= (async () => {
    const run = async () => {
      const tokens = sessionStore.tokens();
      if (!tokens?.refresh.token) return undefined;
      if (tokens.access.token && Date.parse(tokens.access.expiresAt) - Date.now() >= REFRESH_MARGIN_MS)
        return tokens;
      const res = await send('GET', buildUrl('auth/token'), {
        headers: { ...baseHeaders(), authorization: `Bearer ${tokens.refresh.token}` },
        timeoutMs: TOKEN_REFRESH_TIMEOUT_MS,
      });
      if (res.status === 401) {
        sessionStore.clear();
        return undefined;
      }
      if (!res.ok) throw await errorOf(res);
      const fresh = (await res.json()) as TokenData;
      sessionStore.setTokens(fresh);
      return fresh;
    };
    try {
      return navigator.locks ? await navigator.locks.request('vigil-token-refresh', run) : await run();
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

/**
 * One API call. A 401 for a signed-in user clears the access token and retries once; a second
 * failure marks the session's connection as broken (SPEC §4 Session validity).
 */
export async function request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const timeoutMs = opts.timeoutMs ?? API_TIMEOUT_MS;
  const withAuth = opts.auth !== false;
  const attempt = async () =>
    send(method, url, {
      headers: {
        ...baseHeaders(),
        ...opts.headers,
        ...(withAuth ? { authorization: (await authorization()) ?? '' } : {}),
      },
      body: opts.body,
      signal: opts.signal,
      timeoutMs,
    });

  let res: Response;
  try {
    res = await attempt();
    if (res.status === 401 && withAuth && sessionStore.tokens()) {
      sessionStore.clearAccessToken();
      res = await attempt();
      if (res.status === 401) connection.set({ serverProblem: true });
    }
  } catch (err) {
    if (withAuth && err instanceof ApiError && err.code === 'network')
      connection.set({ serverProblem: true });
    throw err;
  }
  if (withAuth && res.status < 500 && res.status !== 401) connection.set({ serverProblem: false });
  if (withAuth && res.status >= 502) connection.set({ serverProblem: true });
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json();
  return opts.schema ? opts.schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions<T>) => request<T>('GET', path, opts),
  post: <T>(path: string, opts?: RequestOptions<T>) => request<T>('POST', path, opts),
  put: <T>(path: string, opts?: RequestOptions<T>) => request<T>('PUT', path, opts),
  patch: <T>(path: string, opts?: RequestOptions<T>) => request<T>('PATCH', path, opts),
  delete: <T = void>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, opts),
};

/** The list contract of docs/API.md. */
export type ListPage<T> = { data: T[]; total: number; nextCursor?: string };

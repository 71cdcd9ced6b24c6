import { queryOptions } from '@tanstack/react-query';
import type { AuthConfig, Me, RoleBody, TokenData } from '@vigil/domain';
import { api, type ListPage } from './client';

/**
 * GET auth/config, with issue 17's `labels` (how the login screen names the OpenID provider) read as
 * optional: a server without single sign-on answers none.
 */
export type LoginConfig = AuthConfig & { labels?: { google?: string } };

/** SPEC §7 Auth and session. */
export const authApi = {
  config: (authSlug: string | undefined, signal?: AbortSignal) =>
    api.get<LoginConfig>('auth/config', { query: { authSlug }, auth: false, signal }),
  password: (slug: string, body: { username: string; password: string }, after?: string) =>
    api.post<TokenData>(`auth/password/${encodeURIComponent(slug)}`, { query: { after }, body, auth: false }),
  /** Issue 17: trades the one-time code a single sign-on ends with for the session's tokens. */
  exchange: (code: string) => api.post<TokenData>('auth/exchange', { body: { code }, auth: false }),
  logout: () => api.post<void>('auth/logout'),
  me: (role?: string) => api.get<Me>('users/me', { query: { role } }),
  roles: () => api.get<ListPage<RoleBody>>('roles'),
  closeNote: (key: string) => api.put('users/state', { body: { closedNotes: { [key]: true } } }),
};

export const authKeys = {
  all: ['auth'] as const,
  config: (authSlug: string | undefined) => [...authKeys.all, 'config', authSlug ?? null] as const,
};

export const authQueries = {
  /** GET auth/config: the sign-in methods of the zone `authSlug` names (else the default). */
  config: (authSlug: string | undefined) =>
    queryOptions({
      queryKey: authKeys.config(authSlug),
      queryFn: ({ signal }) => authApi.config(authSlug, signal),
      retry: false,
    }),
};

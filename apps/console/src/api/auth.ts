import { queryOptions } from '@tanstack/react-query';
import type { AuthConfig, Me, RoleBody, TokenData } from '@vigil/domain';
import { api, type ListPage } from './client';

/** SPEC §7 Auth and session. */
export const authApi = {
  config: (authSlug: string | undefined, signal?: AbortSignal) =>
    api.get<AuthConfig>('auth/config', { query: { authSlug }, auth: false, signal }),
  password: (slug: string, body: { username: string; password: string }, after?: string) =>
    api.post<TokenData>(`auth/password/${encodeURIComponent(slug)}`, { query: { after }, body, auth: false }),
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

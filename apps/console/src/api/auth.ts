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

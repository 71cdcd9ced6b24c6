import type { TokenData } from '@vigil/domain';

/**
 * Where a signed-in session lives: tokens in localStorage, so a reload, a typed URL and
 * a new tab stay signed in; an API key in sessionStorage (SPEC §2.3); the organisation slug the
 * user signed in to, kept for every `slug` header.
 */
const KEYS = {
  tokens: 'vigil.tokens',
  slug: 'vigil.slug',
  apiKey: 'vigil.apiKey',
  roleOverride: 'vigil.roleOverride',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

// Another tab signing in, refreshing or signing out changes localStorage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEYS.tokens || event.key === KEYS.slug) notify();
  });
}

function read<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

function write(storage: Storage, key: string, value: unknown) {
  if (value === undefined) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

export const sessionStore = {
  tokens: (): TokenData | undefined => read<TokenData>(localStorage, KEYS.tokens),
  setTokens(tokens: TokenData | undefined) {
    write(localStorage, KEYS.tokens, tokens);
    notify();
  },
  /** Drops only the access token (SPEC §4: a 401 clears it, then retries once). */
  clearAccessToken() {
    const tokens = this.tokens();
    if (tokens)
      write(localStorage, KEYS.tokens, {
        ...tokens,
        access: { token: '', expiresAt: new Date(0).toISOString() },
      });
  },
  apiKey: (): string | undefined => read<string>(sessionStorage, KEYS.apiKey),
  setApiKey(key: string | undefined) {
    write(sessionStorage, KEYS.apiKey, key);
    notify();
  },
  slug: (): string | undefined => read<string>(localStorage, KEYS.slug),
  setSlug(slug: string | undefined) {
    write(localStorage, KEYS.slug, slug);
  },
  roleOverride: (): string | undefined => read<string>(sessionStorage, KEYS.roleOverride),
  setRoleOverride(role: string | undefined) {
    write(sessionStorage, KEYS.roleOverride, role);
  },
  hasCredentials(): boolean {
    return !!this.apiKey() || !!this.tokens()?.refresh.token;
  },
  /** SPEC §4 Logout: clears tokens, session storage and user. */
  clear() {
    localStorage.removeItem(KEYS.tokens);
    sessionStorage.clear();
    notify();
  },
};

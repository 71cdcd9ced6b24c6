import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { abilityFor, type AppAbility, type Me, type RawRule } from '@vigil/domain';
import { authApi } from '../api/auth';
import { ApiError } from '../api/errors';
import { connection } from '../api/connection';
import { sessionStore, subscribeSession } from './store';

export type Session =
  { status: 'loading' } | { status: 'anonymous' } | { status: 'signedIn'; me: Me; ability: AppAbility };

type SessionApi = {
  session: Session;
  /** Signs in with the password method; throws the ApiError for the login screen's message. */
  signInWithPassword(slug: string, username: string, password: string): Promise<void>;
  signInWithKey(slug: string, key: string): Promise<void>;
  /**
   * Issue 17: ends a single sign-on, trading the one-time code the server sent the browser back with
   * for the tokens; throws the ApiError (401 for a used, expired or unknown code) for the message.
   */
  signInWithCode(slug: string, code: string): Promise<void>;
  /** SPEC §4: clears tokens, session storage and user even when the server call fails. */
  signOut(): Promise<void>;
  /** SPEC §2.2: overrides the role for this session where the server allows it. */
  overrideRole(role: string): Promise<void>;
  reload(): Promise<void>;
};

/** Exported so tests can provide a session without signing in; screens use `useSession`. */
export const SessionContext = createContext<SessionApi | undefined>(undefined);

async function loadSession(): Promise<Session> {
  const me = await authApi.me(sessionStore.roleOverride());
  const roles = await authApi.roles();
  const rules = (roles.data.find((r) => r.id === me.role)?.abilities ?? []) as RawRule[];
  return { status: 'signedIn', me, ability: abilityFor(rules) };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() =>
    sessionStore.hasCredentials() ? { status: 'loading' } : { status: 'anonymous' },
  );
  const queryClient = useQueryClient();

  // Nothing of a signed-out user may stay in memory for the next one. Only on leaving a signed-in
  // session: clearing on every anonymous render would orphan the login screen's own queries when
  // it mounts in the same commit (it would spin on 'Loading sign-in options' forever).
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (session.status === 'signedIn') wasSignedIn.current = true;
    else if (session.status === 'anonymous' && wasSignedIn.current) {
      wasSignedIn.current = false;
      queryClient.clear();
    }
  }, [session.status, queryClient]);

  const reload = useCallback(async () => {
    if (!sessionStore.hasCredentials()) {
      setSession({ status: 'anonymous' });
      return;
    }
    try {
      setSession(await loadSession());
    } catch (err) {
      // A failed login clears user, key and role override (SPEC §4 Login).
      if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 400)) {
        sessionStore.clear();
        setSession({ status: 'anonymous' });
      } else {
        throw err;
      }
    }
  }, []);

  useEffect(() => {
    if (session.status === 'loading') {
      reload().catch(() => {
        // The server is unreachable: keep the credentials and try again shortly.
        connection.set({ serverProblem: true });
        setTimeout(() => setSession({ status: 'loading' }), 5000);
      });
    }
  }, [session.status, reload]);

  // Another tab signed out (tokens gone): follow it.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!sessionStore.hasCredentials()) setSession({ status: 'anonymous' });
      }),
    [],
  );

  const value = useMemo<SessionApi>(
    () => ({
      session,
      reload,
      async signInWithPassword(slug, username, password) {
        sessionStore.clear();
        sessionStore.setSlug(slug);
        const tokens = await authApi.password(slug, { username, password });
        sessionStore.setTokens(tokens);
        await finishSignIn(setSession);
      },
      async signInWithCode(slug, code) {
        sessionStore.clear();
        sessionStore.setSlug(slug);
        const tokens = await authApi.exchange(code);
        sessionStore.setTokens(tokens);
        await finishSignIn(setSession);
      },
      async signInWithKey(slug, key) {
        sessionStore.clear();
        sessionStore.setSlug(slug);
        sessionStore.setApiKey(key);
        await finishSignIn(setSession);
      },
      async signOut() {
        try {
          if (sessionStore.tokens()) await authApi.logout();
        } catch {
          /* signed out locally whatever the server said */
        }
        sessionStore.clear();
        connection.set({ serverProblem: false });
        setSession({ status: 'anonymous' });
        // SPEC §4: logout then goes to login; replacing the entry keeps Back from the console page.
        window.history.replaceState(null, '', '/login');
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      async overrideRole(role) {
        sessionStore.setRoleOverride(role);
        try {
          setSession(await loadSession());
        } catch (err) {
          sessionStore.setRoleOverride(undefined);
          throw err;
        }
      },
    }),
    [session, reload],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

async function finishSignIn(setSession: (s: Session) => void) {
  try {
    setSession(await loadSession());
  } catch (err) {
    sessionStore.clear();
    setSession({ status: 'anonymous' });
    throw err;
  }
}

export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** The signed-in session; only for components rendered behind the guard. */
export function useSignedIn(): Extract<Session, { status: 'signedIn' }> {
  const { session } = useSession();
  if (session.status !== 'signedIn') throw new Error('useSignedIn outside a signed-in screen');
  return session;
}

import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { meFixture } from '../../test/alert-fixtures';
import { json, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { SessionProvider, useSession } from '../../session/session';
import { sessionStore } from '../../session/store';
import { LoginScreen } from './login-screen';
import { browser } from './single-sign-on';

const DEMO_CONFIG = { methods: ['password', 'key'], slug: 'demo', name: 'Demo Hospital' };
const INVALID = 'Invalid login. Please try again.';
const TOO_MANY = 'Too many login attempts. Please contact support or try again later.';
const PROBLEM = 'Sorry, there was a problem. Please try signing in later.';
const ZONE = 'Unable to login to this zone';

/** Serves the demo organisation's sign-in config; `login` answers the sign-in calls. */
function serveLogin(login: FetchHandler = () => json({ reason: 'Invalid credentials' }, 401)) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/auth/config') return DEMO_CONFIG;
    if (url.pathname === '/api/manifest.json') return json({}, 404);
    return login(url, init);
  });
}

function renderLogin(search = '') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/login${search}`]}>
      <SessionProvider>
        <LoginScreen />
      </SessionProvider>
    </MemoryRouter>,
  );
}

async function signInWithPassword(email = 'ann@demo.example', password = 'wrong') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginScreen (SPEC §2.3)', () => {
  it('shows the first enabled method, the password form, with a link to the key method', async () => {
    serveLogin();
    renderLogin();

    expect(await screen.findByText('Sign in to Demo Hospital')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with an API key' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with email and password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to one password-type API key field whose Sign in is disabled while empty', async () => {
    serveLogin();
    renderLogin();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with an API key' }));

    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(document.querySelectorAll('input')).toHaveLength(1);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    await userEvent.type(key, '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(key, 'vk_live_123');
    expect(submit).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in with email and password' })).toBeInTheDocument();
  });

  it('opens the key form directly with ?method=key', async () => {
    serveLogin();
    renderLogin('?method=key');

    expect(await screen.findByLabelText('API key')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
  });

  it('signs in to the organisation of the config with the email as username', async () => {
    const fetch = serveLogin(() => json({ reason: 'Invalid credentials' }, 401));
    renderLogin();

    await signInWithPassword('ann@demo.example', 'secret');

    await screen.findByRole('alert');
    const login = fetch.mock.calls.find(([input]) => String(input).startsWith('/api/auth/password/'));
    expect(String(login?.[0])).toBe('/api/auth/password/demo');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({
      username: 'ann@demo.example',
      password: 'secret',
    });
  });

  it.each([
    [401, INVALID],
    [429, TOO_MANY],
    [403, 'Unable to login to this zone'],
    [500, PROBLEM],
  ])('shows the SPEC §8 text for a %i from the password login', async (status, text) => {
    serveLogin((url) =>
      url.pathname === '/api/auth/password/demo' ? json({ reason: 'Refused' }, status) : json({}, 404),
    );
    renderLogin();

    await signInWithPassword();

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(sessionStore.tokens()).toBeUndefined();
  });

  it('shows the invalid-login text for a refused API key and forgets the key', async () => {
    serveLogin((url) => (url.pathname === '/api/users/me' ? json({ reason: 'Unknown key' }, 401) : {}));
    renderLogin('?method=key');

    await userEvent.type(await screen.findByLabelText('API key'), 'vk_wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(sessionStore.apiKey()).toBeUndefined();
  });

  it('shows the problem text when the URL says authError=1', async () => {
    serveLogin();
    renderLogin('?authError=1');

    expect(await screen.findByText(PROBLEM)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
  });

  it('shows the invalid-login text when the URL says authFail=1', async () => {
    serveLogin();
    renderLogin('?authFail=1');

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it('shows the problem text and no form when the sign-in config cannot be loaded', async () => {
    stubFetch((url) => (url.pathname === '/api/auth/config' ? json({ reason: 'Boom' }, 500) : json({}, 404)));
    renderLogin();

    expect(await screen.findByText(PROBLEM)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the problem text when the organisation has no sign-in method', async () => {
    stubFetch((url) =>
      url.pathname === '/api/auth/config' ? { ...DEMO_CONFIG, methods: [] } : json({}, 404),
    );
    renderLogin();

    expect(await screen.findByText(PROBLEM)).toBeInTheDocument();
  });

  it('asks for the config of the organisation named by authSlug', async () => {
    const fetch = serveLogin();
    renderLogin('?authSlug=north');

    await screen.findByText('Sign in to Demo Hospital');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/auth/config?authSlug=north'),
    );
  });
});

/** Serves `config` as the sign-in config, and what signing in then loads (the user and its role). */
function serveSingleSignOn(
  config: object,
  exchange: FetchHandler = () => json({ reason: 'Unknown code' }, 401),
) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/auth/config') return { ...DEMO_CONFIG, ...config };
    if (url.pathname === '/api/auth/exchange') return exchange(url, init);
    if (url.pathname === '/api/users/me') return meFixture();
    if (url.pathname === '/api/roles') return { data: [{ id: 'security', abilities: [] }], total: 1 };
    return json({}, 404);
  });
}

/**
 * Stands in for the app's guard (app/, which a feature may not import): once signed in, the login
 * route goes to `after`. The real rule, `after` only when it is a path of the console, is the
 * guard's own test.
 */
function AfterSignIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const [query] = useSearchParams();
  if (session.status === 'signedIn') return <Navigate to={query.get('after') ?? '/'} replace />;
  return children;
}

function CurrentLocation() {
  const location = useLocation();
  return <output aria-label="Current location">{location.pathname + location.search}</output>;
}

function renderLoginRoutes(search: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/login${search}`]}>
      <SessionProvider>
        <Routes>
          <Route
            path="/login"
            element={
              <AfterSignIn>
                <LoginScreen />
                <CurrentLocation />
              </AfterSignIn>
            }
          />
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const CODE = 'c0de-c0de-c0de-c0de-c0de-c0de';
const TOKENS = {
  access: { token: 'access-1', expiresAt: '2099-01-01T00:00:00.000Z' },
  refresh: { token: 'refresh-1', expiresAt: '2099-01-01T00:00:00.000Z' },
};

describe('LoginScreen single sign-on (issue 17)', () => {
  it('offers SAML first, with a link to the password form', async () => {
    serveSingleSignOn({ methods: ['saml', 'password'] });
    renderLogin();

    expect(await screen.findByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeEnabled();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with email and password' }));
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeInTheDocument();
  });

  it('sends the browser to the SAML sign-in of the organisation, keeping after', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    serveSingleSignOn({ methods: ['saml', 'password'] });
    renderLogin('?after=%2Fusers%3Fpage%3D2');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with single sign-on (SAML)' }));

    expect(assign).toHaveBeenCalledExactlyOnceWith('/auth/saml/demo?after=%2Fusers%3Fpage%3D2');
    // Coming back with the code, the screen signs in to the same organisation.
    expect(sessionStore.slug()).toBe('demo');
    assign.mockRestore();
  });

  it('names the OpenID provider by its label and sends the console’s host as authDomain', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    serveSingleSignOn({ methods: ['google', 'saml'], labels: { google: 'login.north.example' } });
    renderLogin();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with login.north.example' }));

    expect(assign).toHaveBeenCalledExactlyOnceWith(
      `/auth/google/demo?authDomain=${window.location.hostname}`,
    );
    expect(screen.getByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeInTheDocument();
    assign.mockRestore();
  });

  it('calls the OpenID provider Google when the config gives no label', async () => {
    serveSingleSignOn({ methods: ['password', 'google'] });
    renderLogin();

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('trades the code in the URL for the session at once, drops it from the URL and goes to after', async () => {
    const fetch = serveSingleSignOn({ methods: ['saml'] }, () => TOKENS);
    renderLoginRoutes(`?authCode=${CODE}&after=%2Fusers`);

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('/users'),
    );
    expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(/^\/users$/);
    const exchanges = fetch.mock.calls.filter(([input]) => String(input) === '/api/auth/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(exchanges[0]?.[1]?.body))).toEqual({ code: CODE });
    expect(sessionStore.tokens()).toEqual(TOKENS);
    expect(sessionStore.slug()).toBe('demo');
  });

  it('shows the invalid-login text when the code is refused, and keeps it off the URL', async () => {
    serveSingleSignOn({ methods: ['saml', 'password'] });
    renderLoginRoutes(`?authCode=${CODE}&after=%2Fusers`);

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeInTheDocument();
    // The router applies the URL change in a transition, which may land after the refusal shows.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent(
        /^\/login\?after=%2Fusers$/,
      ),
    );
    expect(sessionStore.tokens()).toBeUndefined();
  });

  it('says the user may not sign in to this zone for authFail=1&reason=zone', async () => {
    serveSingleSignOn({ methods: ['saml', 'password'] });
    renderLogin('?authFail=1&reason=zone');

    expect(await screen.findByRole('alert')).toHaveTextContent(ZONE);
    expect(screen.getByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeInTheDocument();
  });

  it('shows the problem text for authError=1 from a single sign-on', async () => {
    serveSingleSignOn({ methods: ['google', 'password'] });
    renderLogin('?authError=1');

    expect(await screen.findByRole('alert')).toHaveTextContent(PROBLEM);
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { json, stubFetch, type FetchHandler } from '../../test/fetch-stub';
import { SessionProvider } from '../../session/session';
import { sessionStore } from '../../session/store';
import { LoginScreen } from './login-screen';

const DEMO_CONFIG = { methods: ['password', 'key'], slug: 'demo', name: 'Demo Hospital' };
const INVALID = 'Invalid login. Please try again.';
const TOO_MANY = 'Too many login attempts. Please contact support or try again later.';
const PROBLEM = 'Sorry, there was a problem. Please try signing in later.';

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

import { expect, test, type Page } from '@playwright/test';
import { LOGIN_MESSAGES } from '@vigil/domain';
import { PASSWORD, expectAccessible, signIn, signOut, unique } from '../fixtures';
import { startOwnServer, startPeerProcess, stop, type OwnServer, type PeerProcess } from '../peer-processes';

// Issue 17's journeys: "an organisation with SAML first and password second shows the SAML button
// and a password link; signing in at the local IdP lands on the alerts screen as the right user; a
// first-time user is created with the default role when provisioning says so and refused when it does
// not; Google (the local OpenID provider) the same." Both identity providers are the API tests' peers
// (samlify as the IdP, oidc-provider), run as one process (apps/server/test/helpers/sso-peers-main.ts)
// on 127.0.0.1 under the name 'localhost': another site than Vigil, so the IdP's POST back is
// cross-site as at a hospital. This file starts a deployment of its own (its sign-in settings would
// change the suite's server for every other file) whose PUBLIC_URL is its own address.

type PeerInfo = {
  saml: { metadata: string; entityId: string; ssoUrl: string };
  oidc: { issuer: string; clientId: string; clientSecret: string };
};

let peers: PeerProcess<Record<string, never>>;
let server: OwnServer;
let base: string;
let info: PeerInfo;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  peers = await startPeerProcess('apps/server/test/helpers/sso-peers-main.ts');
  server = await startOwnServer('sso', (own) => ({ PUBLIC_URL: own }));
  base = server.base;
  info = (await (await fetch(`${peers.origin}/info`)).json()) as PeerInfo;
});

test.afterAll(async () => {
  await server?.stop();
  await stop(peers?.process);
});

/** Tells a peer whom it signs in from now on (the local providers have no login page). */
async function peer(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${peers.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** The demo admin's API headers on this file's server. */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: '127.0.0.1' };
  const login = await page.request.post(`${base}/api/auth/password/demo`, {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

type UserRow = { userId: string; name: string; role: string };

/** The organisation's user with this e-mail, read as the admin (undefined: none). */
async function findUser(page: Page, email: string): Promise<UserRow | undefined> {
  const res = await page.request.get(`${base}/api/users?email=${encodeURIComponent(email)}`, {
    headers: await adminHeaders(page),
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: UserRow[] };
  return data.find((u) => u.userId === email);
}

/** The demo organisation's zone id. */
async function demoOrgId(page: Page): Promise<string> {
  const res = await page.request.get(`${base}/api/zones?level=org`, { headers: await adminHeaders(page) });
  return ((await res.json()) as { data: { id: string; slug?: string }[] }).data.find(
    (z) => z.slug === 'demo',
  )!.id;
}

/** Opens the organisation in Settings › Zones, where its Sign-in panel is. */
async function openOrgSignIn(page: Page) {
  await page.goto(`${base}/zones`);
  const tree = page.getByRole('tree', { name: 'Zones of your organisation' });
  await tree.getByText('Demo Hospital', { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Sign-in', exact: true })).toBeVisible();
}

/** Signs out, and opens the login screen afresh (signing out keeps the page left as `after`). */
async function signOutToLogin(page: Page) {
  await signOut(page);
  await page.goto(`${base}/login`);
}

/** Turns `label` on in the methods list and moves it to the top, then saves the order. */
async function putMethodFirst(page: Page, label: string) {
  const list = page.getByRole('list', { name: 'Sign-in methods in order' });
  await list.getByRole('checkbox', { name: label }).check();
  const up = list.getByRole('button', { name: `Move ${label} up` });
  while (await up.isEnabled()) await up.click();
  await expect(list.getByRole('listitem').first()).toContainText(label);
  await page.getByRole('button', { name: 'Save methods' }).click();
  await expect(page.getByText('Sign-in methods saved')).toBeVisible();
}

/** Chooses 'Create their user' with `role` in a provider's provisioning fields. */
async function createWithRole(page: Page, section: ReturnType<Page['getByRole']>, role: string) {
  await section.getByRole('radio', { name: 'Create their user' }).check();
  await section.getByRole('combobox', { name: 'Role of a created user' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

test('SAML: set up first with password second; the IdP signs the right user in', async ({ page }) => {
  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login`);
  await openOrgSignIn(page);

  // Paste the IdP's metadata; people it knows and Vigil does not get the security role.
  const saml = page.getByRole('region', { name: 'Single sign-on (SAML)' });
  await saml.getByRole('textbox', { name: 'Identity provider metadata (XML)' }).fill(info.saml.metadata);
  await createWithRole(page, saml, 'security');
  await saml.getByRole('button', { name: 'Save SAML' }).click();
  await expect(page.getByText('SAML sign-in saved')).toBeVisible();
  // What the hospital's IT registers: Vigil's ACS URL on its public address, and the IdP as read.
  await expect(saml.getByText(`${base}/auth/saml/demo/acs`)).toBeVisible();
  await expect(saml.getByText(info.saml.ssoUrl)).toBeVisible();

  await putMethodFirst(page, 'Single sign-on (SAML)');
  await expectAccessible(page);
  await signOutToLogin(page);

  // The login screen: the SAML button first, password as a link.
  const button = page.getByRole('button', { name: 'Sign in with single sign-on (SAML)' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with email and password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await expectAccessible(page);

  await peer('/saml/user', { email: 'security@demo.example', name: 'Sam Security' });
  await button.click();
  await expect(page).toHaveURL(`${base}/alerts`);
  await expect(page.getByRole('button', { name: 'User menu for Sam Security' })).toBeVisible();

  // The password link still signs in with a password.
  await signOutToLogin(page);
  await page.getByRole('button', { name: 'Sign in with email and password' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@demo.example');
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'User menu for Dana Admin' })).toBeVisible();
});

test('SAML: a first-time user is created with the chosen role, and refused once only existing users may', async ({
  page,
}) => {
  const newcomer = `${unique('nurse').replace(/\s+/g, '-')}@demo.example`;
  await peer('/saml/user', { email: newcomer, name: 'Nina Newcomer' });
  await page.goto(`${base}/login?authSlug=demo`);
  await page.getByRole('button', { name: 'Sign in with single sign-on (SAML)' }).click();
  await expect(page).toHaveURL(`${base}/alerts`);
  await expect(page.getByRole('button', { name: 'User menu for Nina Newcomer' })).toBeVisible();
  expect(await findUser(page, newcomer)).toMatchObject({ name: 'Nina Newcomer', role: 'security' });
  await signOutToLogin(page);

  // The admin changes provisioning to existing users only (the IdP read from the metadata is kept).
  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login?method=password`);
  await openOrgSignIn(page);
  const saml = page.getByRole('region', { name: 'Single sign-on (SAML)' });
  await saml.getByRole('radio', { name: 'Refuse: only existing users may sign in' }).check();
  await saml.getByRole('button', { name: 'Save SAML' }).click();
  await expect(page.getByText('SAML sign-in saved')).toBeVisible();
  await signOutToLogin(page);

  const stranger = `${unique('visitor').replace(/\s+/g, '-')}@demo.example`;
  await peer('/saml/user', { email: stranger, name: 'Vic Visitor' });
  await page.getByRole('button', { name: 'Sign in with single sign-on (SAML)' }).click();
  await expect(page).toHaveURL(/\/login\?.*authFail=1/);
  await expect(page.getByRole('alert')).toContainText(LOGIN_MESSAGES.invalid);
  expect(await findUser(page, stranger)).toBeUndefined();
  // The newcomer, a user now, still signs in.
  await peer('/saml/user', { email: newcomer, name: 'Nina Newcomer' });
  await page.getByRole('button', { name: 'Sign in with single sign-on (SAML)' }).click();
  await expect(page.getByRole('button', { name: 'User menu for Nina Newcomer' })).toBeVisible();
});

test('OpenID: set up first; the provider signs the right user in, creates a newcomer, then refuses one', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.example', PASSWORD, `${base}/login?authSlug=demo&method=password`);
  await openOrgSignIn(page);
  const label = new URL(info.oidc.issuer).host; // not Google's issuer: named by its host
  const oidc = page.getByRole('region', { name: /^OpenID/ });
  await oidc.getByRole('textbox', { name: 'Issuer' }).fill(info.oidc.issuer);
  await oidc.getByRole('textbox', { name: 'Client id' }).fill(info.oidc.clientId);
  await oidc.getByLabel('Client secret').fill(info.oidc.clientSecret);
  const domains = oidc.getByLabel('Allowed e-mail domains');
  await domains.fill('demo.example');
  await domains.press('Enter');
  await createWithRole(page, oidc, 'security');
  await oidc.getByRole('button', { name: 'Save OpenID' }).click();
  await expect(page.getByText('OpenID sign-in saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `OpenID (${label})` })).toBeVisible();
  // The redirect URI Vigil shows is what the provider's client registers (as at Google's console).
  const redirectUri = `${base}/auth/google/demo/callback`;
  await expect(oidc.getByText(redirectUri)).toBeVisible();
  await peer('/oidc/redirect-uri', { uri: redirectUri });

  await putMethodFirst(page, 'OpenID (Google)');
  await signOutToLogin(page);

  const button = page.getByRole('button', { name: `Sign in with ${label}` });
  await expect(button).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with single sign-on (SAML)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with email and password' })).toBeVisible();

  await peer('/oidc/account', { email: 'security@demo.example', name: 'Sam Security', emailVerified: true });
  await button.click();
  await expect(page).toHaveURL(`${base}/alerts`);
  await expect(page.getByRole('button', { name: 'User menu for Sam Security' })).toBeVisible();
  await signOutToLogin(page);

  const newcomer = `${unique('porter').replace(/\s+/g, '-')}@demo.example`;
  // Signing out of Vigil leaves the provider's own session (single logout is not offered): the next
  // person at this browser signs in to the provider afresh, as after closing it.
  await page.context().clearCookies({ domain: 'localhost' });
  await peer('/oidc/account', { email: newcomer, name: 'Pat Porter', emailVerified: true });
  await button.click();
  await expect(page.getByRole('button', { name: 'User menu for Pat Porter' })).toBeVisible();
  expect(await findUser(page, newcomer)).toMatchObject({ name: 'Pat Porter', role: 'security' });
  await signOutToLogin(page);

  // Only existing users from now on (the API the panel saves through; the secret is kept).
  const orgId = await demoOrgId(page);
  const saved = await page.request.put(`${base}/api/zones/${orgId}/sign-in/google`, {
    headers: await adminHeaders(page),
    data: {
      issuer: info.oidc.issuer,
      clientId: info.oidc.clientId,
      allowedDomains: ['demo.example'],
      provisioning: { mode: 'existing' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const stranger = `${unique('visitor').replace(/\s+/g, '-')}@demo.example`;
  await page.context().clearCookies({ domain: 'localhost' });
  await peer('/oidc/account', { email: stranger, name: 'Vic Visitor', emailVerified: true });
  await button.click();
  await expect(page).toHaveURL(/\/login\?.*authFail=1/);
  await expect(page.getByRole('alert')).toContainText(LOGIN_MESSAGES.invalid);
  expect(await findUser(page, stranger)).toBeUndefined();
});

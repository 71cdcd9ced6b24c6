import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const PASSWORD = 'vigil-demo';
export const DEMO_API_KEY = 'vk_demo_4f1c9a2e7b3d5e8f0a6c1b9d2e4f7a3c';

/** Fills in and submits the password form of the login screen. */
export async function attemptSignIn(page: Page, email: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the login screen as a person would, and waits to leave it. */
export async function signIn(page: Page, email: string, password = PASSWORD, path = '/login') {
  await attemptSignIn(page, email, password, path);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens the user menu and signs out. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** axe-core: no serious or critical accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`)).toEqual(
    [],
  );
}

export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens a zone of the zone tree (SPEC §2.8) if it is closed: select it, then ArrowRight. */
export async function expandZone(page: Page, name: string) {
  const tree = page.getByRole('tree').first();
  const item = tree.getByRole('treeitem', { name, exact: true });
  await expect(item).toBeVisible();
  if ((await item.getAttribute('aria-expanded')) === 'false') {
    await item.getByText(name, { exact: true }).first().click();
    await page.keyboard.press('ArrowRight');
    await expect(item).toHaveAttribute('aria-expanded', 'true');
  }
}

/** Headers of the demo admin, signed in through the real API. */
export async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post('/api/auth/password/demo', {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

/** Sets a zone's escalation delay (zone config `escalationDelayS`) through the real API. */
export async function setEscalationDelay(page: Page, zoneName: string, seconds: number) {
  const auth = await adminHeaders(page);
  const found = (await (
    await page.request.get(`/api/zones?query=${encodeURIComponent(zoneName)}`, { headers: auth })
  ).json()) as { data: { id: string; name: string }[] };
  const zone = found.data.find((z) => z.name === zoneName)!;
  const res = await page.request.put(`/api/zones/${zone.id}`, {
    headers: auth,
    data: { config: { escalationDelayS: seconds } },
  });
  expect(res.status()).toBe(200);
}

/** Makes a user through the real API as the demo admin; answers its e-mail (password PASSWORD). */
export async function createUser(page: Page, role: string, name = unique('Test User')): Promise<string> {
  const auth = await adminHeaders(page);
  const orgs = (await (await page.request.get('/api/zones?level=org', { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@demo.example`;
  const res = await page.request.post('/api/users', {
    headers: auth,
    data: { email, name, role, zone: orgs.data[0]!.id, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return email;
}

export const DEMO_GATEWAY_KEY = 'vg_demo_8e2b6d4f1a3c5e7b9d0f2a4c6e8b1d3f';
export const DEMO_GATEWAY = 'b0a710000001';

type Press = { buttonPress: number; buttonRelease: number; tapDelta: number };
const ONE_PRESS: Press[] = [{ buttonPress: 0, buttonRelease: 150, tapDelta: 0 }];
const ACTIVE_SHOOTER: Press[] = [
  { buttonPress: 0, buttonRelease: 120, tapDelta: 0 },
  { buttonPress: 400, buttonRelease: 520, tapDelta: 280 },
  { buttonPress: 800, buttonRelease: 920, tapDelta: 280 },
];

/** A tag press through the real device ingest API, as a gateway sends it. */
export async function pressTag(page: Page, tag: string, pattern: 'help' | 'activeShooter' = 'help') {
  const res = await page.request.post('/api/ingest/button-events', {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` },
    data: {
      gateway: DEMO_GATEWAY,
      buttonEvents: [
        {
          tag,
          nonce: `${Date.now()}-${Math.random()}`,
          events: pattern === 'help' ? ONE_PRESS : ACTIVE_SHOOTER,
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as { results: { alertId?: string; status: string }[] };
}

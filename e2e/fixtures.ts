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

/** Makes a user through the real API as the demo admin; answers its e-mail (password PASSWORD). */
export async function createUser(page: Page, role: string, name = unique('Test User')): Promise<string> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post('/api/auth/password/demo', {
    headers,
    data: { username: 'admin@demo.example', password: PASSWORD },
  });
  const { access } = (await login.json()) as { access: { token: string } };
  const auth = { ...headers, authorization: `Bearer ${access.token}` };
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

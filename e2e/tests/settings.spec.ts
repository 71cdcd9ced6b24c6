import { expect, test, type Page } from '@playwright/test';
import { createUser, expandZone, expectAccessible, signIn, signOut, unique } from '../fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('the console shell', () => {
  test('password login lands the admin, who may hear alerts, on the alerts screen', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await expect(page.getByText('Demo Hospital').first()).toBeVisible();
  });

  test('a deep link while signed out returns to it after login', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login\?after=%2Fusers/);
    await signIn(page, 'admin@demo.example', undefined, page.url());
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('the sidebars of the security user and the admin differ as their abilities say', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    for (const title of ['Zones', 'Users', 'Roles', 'API Keys']) {
      await expect(nav(page).getByRole('link', { name: title, exact: true })).toBeVisible();
    }
    await signOut(page);

    await signIn(page, 'security@demo.example');
    await expect(nav(page).getByRole('link', { name: 'Zones', exact: true })).toBeVisible();
    for (const title of ['Users', 'Roles', 'API Keys']) {
      await expect(nav(page).getByRole('link', { name: title, exact: true })).toHaveCount(0);
    }
    await page.goto('/users');
    await expect(page).toHaveURL(/\/error\/403/);
  });

  test('logout returns to login and the back button does not reveal the console', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await expect(page).toHaveURL(/\/alerts$/);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await signOut(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  });

  test('signed-in state survives a reload and a new tab', async ({ page, context }) => {
    await signIn(page, 'admin@demo.example');
    await expect(page).toHaveURL(/\/alerts$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    const tab = await context.newPage();
    await tab.goto('/users');
    await expect(tab.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });
});

test.describe('Settings › Zones', () => {
  test('add, rename and delete a zone, surviving a reload', async ({ page }) => {
    const name = unique('Room');
    const renamed = `${name} renamed`;
    await signIn(page, 'admin@demo.example');
    await page.goto('/zones');
    const tree = page.getByRole('tree', { name: 'Zones of your organisation' });
    await expect(tree.getByText('Main Campus')).toBeVisible();

    await tree.getByRole('button', { name: 'Add zone inside Main Campus' }).click();
    await page.getByRole('textbox', { name: 'Name of the new zone inside Main Campus' }).fill(`  ${name}  `);
    await page.getByRole('button', { name: 'Add the new zone inside Main Campus' }).click();
    await expect(tree.getByText(name, { exact: true })).toBeVisible();

    await page.reload();
    await expandZone(page, 'Main Campus');
    await expect(tree.getByText(name, { exact: true })).toBeVisible();

    await tree.getByText(name, { exact: true }).click();
    const name_ = page.getByRole('textbox', { name: 'Name' });
    await expect(name_).toHaveValue(name);
    await name_.fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(tree.getByText(renamed, { exact: true })).toBeVisible();
    await page.reload();
    await expandZone(page, 'Main Campus');
    await expect(tree.getByText(renamed, { exact: true })).toBeVisible();

    await tree.getByText(renamed, { exact: true }).click();
    await page.getByRole('button', { name: 'Delete zone', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(tree.getByText(renamed, { exact: true })).toHaveCount(0);
    await page.reload();
    await expandZone(page, 'Main Campus');
    await expect(tree.getByText('North Tower')).toBeVisible();
    await expect(tree.getByText(renamed, { exact: true })).toHaveCount(0);
  });

  test('deleting a zone assigned to a gateway shows the SPEC §8 message', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/zones');
    const tree = page.getByRole('tree', { name: 'Zones of your organisation' });
    for (const step of ['Main Campus', 'North Tower', 'Floor 1', 'Emergency Department'])
      await expandZone(page, step);
    await tree.getByText('ED Room 101', { exact: true }).click();
    await page.getByRole('button', { name: 'Delete zone', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(`Could not delete zone "ED Room 101" since it's assigned to a gateway`),
    ).toBeVisible();
  });

  test('the zones screen has no serious accessibility violations', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/zones');
    await expect(
      page.getByRole('tree', { name: 'Zones of your organisation' }).getByText('Main Campus'),
    ).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('Settings › Users', () => {
  test('create a user with a role and sign in as that user', async ({ page }) => {
    const email = `${unique('nurse').replace(/\s/g, '.')}@demo.example`.toLowerCase();
    await signIn(page, 'admin@demo.example');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nina Nurse');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'security', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Password' }).fill('correct-horse-1');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toBeHidden();
    await page.getByPlaceholder('Search by name or e-mail').fill(email);
    await expect(page.getByRole('cell', { name: email })).toBeVisible();

    await signOut(page);
    await signIn(page, email, 'correct-horse-1');
    await expect(page.getByRole('button', { name: 'User menu for Nina Nurse' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }),
    ).toHaveCount(0);
  });

  test('an admin is not offered the superAdmin role', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('dialog', { name: 'Add user' }).getByLabel('Role').click();
    await expect(page.getByRole('option', { name: 'security', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'superAdmin', exact: true })).toHaveCount(0);
  });

  test('the users screen has no serious accessibility violations', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/users');
    await expect(page.getByRole('cell', { name: 'admin@demo.example' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('session details (SPEC §2.2, §7)', () => {
  test('a superAdmin overrides its role for the session with ?role=', async ({ page }) => {
    await signIn(page, 'superadmin@vigil.example');
    await expect(nav(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    await page.goto('/zones?role=security');
    await expect(page).toHaveURL(/\/zones$/);
    await expect(nav(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: /User menu/ }).click();
    await expect(page.getByText(/· security/)).toBeVisible();
  });

  test('a closed note stays closed after a reload', async ({ page }) => {
    await signIn(page, await createUser(page, 'security'));
    const note = page.getByRole('alert').filter({ hasText: 'Welcome to Vigil' });
    await expect(note).toBeVisible();
    await page.getByRole('button', { name: 'Close note: Welcome to Vigil' }).click();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    await expect(note).toHaveCount(0);
  });
});

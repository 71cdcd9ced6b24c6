import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, expectAccessible, signIn, unique } from '../fixtures';

// Tags: find, open and edit a tag and see the change in the change log; batch operations
// offered per SPEC §4; the CSV of a filtered list. This file's own demo tags: c0ffee000003 (Casey
// Morgan) and the available c0ffee100001-4.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd');
const box = (page: Page, id: string) => page.getByRole('checkbox', { name: `Select ${id}` });
const selection = (page: Page) => page.getByRole('region', { name: 'Selected rows' });

/** The batch menu's entries for the current selection; the menu is left closed. */
async function batchMenu(page: Page): Promise<string[]> {
  await selection(page).getByRole('button', { name: 'Batch actions' }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const names = (await items.allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect(items).toHaveCount(0);
  return names;
}

/** Parses RFC 4180 CSV with CRLF lines, as the console writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  const endField = () => {
    rows.at(-1)!.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push([]);
      i++;
    } else {
      field += c;
    }
  }
  endField();
  return rows;
}

test.describe('tags', () => {
  test('the admin finds a tag by its owner, changes its label, and sees the change in the change log', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example');
    await nav(page).getByRole('link', { name: 'Tags', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill('Casey');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'c0ffee000003' }) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'c0ffee000001' })).toHaveCount(0);
    await expect(row.getByRole('cell', { name: 'Casey Morgan' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Deployed' })).toBeVisible();
    await page.getByRole('heading', { name: 'Tags', level: 1 }).hover();
    await expectAccessible(page);

    await row.getByRole('cell', { name: 'Casey Morgan' }).click();
    await expect(page).toHaveURL(/\/tag\/c0ffee000003$/);
    await expect(page.getByRole('heading', { name: 'Tag c0ffee000003', level: 1 })).toBeVisible();
    await expect(fact(page, 'Owner')).toHaveText('Casey Morgan (P-1002)');
    await expect(fact(page, 'Label')).toHaveText('Badge 3');
    // 2650 + 2 × 40 = 2730 mV: low by the voltage, Low by the metadata reading (SPEC §9).
    await expect(fact(page, 'Battery')).toHaveText('Low (2,730 mV)');
    await expect(fact(page, 'Battery label')).toHaveText('Low');
    await expect(fact(page, 'Location')).toHaveText(/Room 201$/);
    await expectAccessible(page);

    const label = unique('Night shift');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tag c0ffee000003' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(fact(page, 'Label')).toHaveText(label);
    await page.reload();
    await expect(fact(page, 'Label')).toHaveText(label);

    await page.getByRole('main').getByRole('link', { name: 'Change log' }).click();
    await expect(page).toHaveURL(/\/log\/audit\/c0ffee000003$/);
    await expect(page.getByRole('heading', { name: 'Change Log', level: 1 })).toBeVisible();
    // One entry: Dana Admin changed the label from 'Badge 3' to the new one.
    const entry = page.getByRole('row').filter({ hasText: 'Dana Admin' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Badge 3');
    await expect(entry).toContainText(label);
  });

  test('the batch menu offers only what SPEC §4 allows for the selection', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/tags');
    await page.getByRole('textbox', { name: 'Search' }).fill('c0ffee');
    await page.getByLabel('Rows per page').selectOption('25');
    await box(page, 'c0ffee100001').check();
    await box(page, 'c0ffee100002').check();
    await expect(selection(page).getByText('2 selected')).toBeVisible();
    // Available, one organisation, app firmware 51: admin may switch maintenance mode, not unflag.
    expect(await batchMenu(page)).toEqual([
      'Transfer',
      'Preassign',
      'Label',
      'Transfer to inventory',
      'Mark lost',
      'Maintenance mode',
      'Responder mode',
    ]);
    // A deployed tag with app firmware 50 among them leaves mark_lost and maintenance mode.
    await box(page, 'c0ffee000001').check();
    await expect(selection(page).getByText('3 selected')).toBeVisible();
    expect(await batchMenu(page)).toEqual(['Mark lost', 'Maintenance mode']);
    await selection(page).getByRole('button', { name: 'Clear selection' }).click();
    await expect(selection(page)).toBeHidden();
  });

  test('the admin labels available tags in one batch', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/tags?state=available');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('available');
    await box(page, 'c0ffee100003').check();
    await box(page, 'c0ffee100004').check();
    await selection(page).getByRole('button', { name: 'Batch actions' }).click();
    await page.getByRole('menuitem', { name: 'Label' }).click();
    const dialog = page.getByRole('dialog', { name: 'Label: 2 tags' });
    const label = unique('Spare');
    await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
    await dialog.getByRole('button', { name: 'Label 2 tags' }).click();
    await expect(page.getByText('Label: 2 tags updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(selection(page)).toBeHidden();
    for (const id of ['c0ffee100003', 'c0ffee100004']) {
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: id }) });
      await expect(row.getByRole('cell', { name: label })).toBeVisible();
    }
    await nav(page).getByRole('link', { name: 'Batch Operations Log' }).click();
    const run = page.getByRole('row').filter({ hasText: label });
    await expect(run).toHaveCount(1);
    await expect(run.getByRole('cell', { name: 'label', exact: true })).toBeVisible();
    await expect(run.getByRole('cell', { name: 'Dana Admin' })).toBeVisible();
    await expect(run.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  });

  test('the super admin transfers available tags to another organisation', async ({ page }) => {
    // The receiving organisation's id, as its own admin reads it.
    const acme = { slug: 'acme', domain: 'localhost' };
    const login = await page.request.post('/api/auth/password/acme', {
      headers: acme,
      data: { username: 'admin@acme.example', password: PASSWORD },
    });
    const { access } = (await login.json()) as { access: { token: string } };
    const orgs = (await (
      await page.request.get('/api/zones?level=org', {
        headers: { ...acme, authorization: `Bearer ${access.token}` },
      })
    ).json()) as { data: { id: string; name: string }[] };
    const acmeClinic = orgs.data.find((z) => z.name === 'Acme Clinic')!.id;

    await signIn(page, 'superadmin@vigil.example');
    await page.goto('/tags?state=available');
    await box(page, 'c0ffee100001').check();
    await box(page, 'c0ffee100002').check();
    await selection(page).getByRole('button', { name: 'Batch actions' }).click();
    await page.getByRole('menuitem', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer: 2 tags' });
    await expect(dialog.getByRole('button', { name: 'Transfer 2 tags' })).toBeDisabled();
    await dialog.getByText('Another organisation').click();
    await dialog.getByRole('textbox', { name: 'Zone id' }).fill(acmeClinic);
    await dialog.getByRole('button', { name: 'Transfer 2 tags' }).click();
    await expect(page.getByText('Transfer: 2 tags updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'c0ffee100001' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'c0ffee100002' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'c0ffee100003' })).toBeVisible();
  });

  test('downloads the CSV of a filtered list, dates in the chosen time zone', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto('/tags');
    await page.getByRole('combobox', { name: 'Battery' }).selectOption('low');
    await expect(page).toHaveURL(/battery=low/);
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Eastern (America/New_York)' }).click();
    const file = await (await download).path();
    const rows = parseCsv(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(header).toContain('Last seen (America/New_York)');
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1);
    // Demo batteries: 2650 + 40 × i mV for c0ffee000001-8; low is 2600 to below 2800 (SPEC §9).
    expect(body.map((r) => r[col('Tag')]).sort()).toEqual([
      'c0ffee000001',
      'c0ffee000002',
      'c0ffee000003',
      'c0ffee000004',
    ]);
    for (const r of body) expect(r[col('Battery level')]).toBe('low');
    expect(body.find((r) => r[col('Tag')] === 'c0ffee000002')![col('Battery label')]).toBe('Unhealthy');
  });
});

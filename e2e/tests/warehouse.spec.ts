import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures';

// Issue 22, the first links of the chain on the kiosks, driven by a hand-held scanner (a scanner
// types the code and Enter): the factory registers two new TAG5 tags and packs them into a box,
// whose Code 128 label shows; the warehouse receives the box, and its inventory counts them.
// (The whole chain for 20 tags, with an order, QC, ship and returns, is the next journey.)

test.use({ viewport: { width: 1024, height: 768 } });

const scanLog = (page: Page) => page.getByRole('region', { name: 'Scans' });

/** A hand-held scanner reading `code`: fast keystrokes, then Enter. */
async function scanWithScanner(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

test('the factory registers and boxes two tags; the warehouse receives the box and counts it', async ({
  page,
  browser,
}) => {
  const macs = [1, 2].map(() => `5e${crypto.randomBytes(5).toString('hex')}`);
  await signIn(page, 'factory@smp.example', undefined, '/login?authSlug=factory');
  await expect(page).toHaveURL(/\/factory\/home$/);
  await expect(page.getByRole('heading', { name: 'Factory', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'SKU' }).click();
  await page.getByRole('option', { name: 'TAG5', exact: true }).click();
  await page.getByRole('textbox', { name: 'Scan or type a device id' }).focus();
  for (const mac of macs) await scanWithScanner(page, mac);
  await expect(scanLog(page).getByText('Done', { exact: true })).toHaveCount(2);
  await expectAccessible(page);

  await page.getByText('Pack boxes', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Scan a device or a box label' }).focus();
  for (const mac of macs) await scanWithScanner(page, mac);
  await expect(scanLog(page).getByText('Done', { exact: true })).toHaveCount(2);
  const label = page.getByText(/^TAG5-\d{8}-\d+$/).first();
  await expect(label).toBeVisible();
  const box = (await label.textContent())!.trim();
  await expect(
    page
      .locator('svg')
      .filter({ has: page.locator('path, rect') })
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  const warehouse = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  await signIn(warehouse, 'warehouse@smp.example', undefined, '/login?authSlug=smpwarehouse');
  await expect(warehouse).toHaveURL(/\/warehouse\/home$/);
  await expectAccessible(warehouse);
  await warehouse.getByRole('link', { name: 'Receive' }).click();
  await warehouse.getByRole('textbox', { name: /Scan/ }).focus();
  await scanWithScanner(warehouse, box);
  await expect(scanLog(warehouse).getByText(/received into stock/)).toBeVisible();
  await expectAccessible(warehouse);

  await warehouse.goto('/warehouse/inventory');
  const counts = warehouse.getByRole('table', { name: 'Inventory counts' });
  await expect(counts.getByRole('row').filter({ hasText: 'TAG5' }).first()).toBeVisible();
  await expectAccessible(warehouse);
  await warehouse.context().close();
});

import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expandZone, signIn } from '../fixtures';

// The README's screenshots: `UPDATE_SCREENSHOTS=1 npm test -w e2e -- tests/screenshots.spec.ts`.
const out = (name: string) => path.join(import.meta.dirname, '../../docs/screenshots', name);
test.skip(!process.env.UPDATE_SCREENSHOTS, 'only when refreshing docs/screenshots');

test('screenshots of the login, zones, users, tags and gateways screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await page.screenshot({ path: out('login.png') });

  await signIn(page, 'admin@demo.example');
  await page.getByRole('button', { name: 'Close note: Welcome to Vigil' }).click();
  await page.getByRole('link', { name: 'Zones', exact: true }).click();
  for (const zone of ['Main Campus', 'North Tower', 'Floor 2']) await expandZone(page, zone);
  await page.getByRole('tree').getByText('Ward 3', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Feature flags' })).toBeVisible();
  await page.screenshot({ path: out('zones.png') });

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'admin@demo.example' })).toBeVisible();
  await page.screenshot({ path: out('users.png') });

  await page.goto('/tags');
  await expect(page.getByRole('cell', { name: 'c0ffee000001', exact: true })).toBeVisible();
  await page.screenshot({ path: out('tags.png') });

  await page.goto('/gateways');
  await expect(page.getByRole('cell', { name: 'b0a710000001', exact: true })).toBeVisible();
  await page.screenshot({ path: out('gateways.png') });
});

import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expectAccessible, signIn, unique } from '../fixtures';

// Issue 22, Operations › Tag Scratch List and Gateway Scratch List (SPEC §2.1, §2.4). This file's
// own demo devices: the deployed c0ffee000001-2 and the available c0ffee100002 (labelled, then its
// label removed again), and the gateway b0a710000001 (only listed). The lists are emptied at the end.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const selection = (page: Page) => page.getByRole('region', { name: 'Selected rows' });
const whole = (page: Page) => page.getByRole('region', { name: 'Whole list' });
const DEMO_TAGS = ['c0ffee000001', 'c0ffee000002', 'c0ffee100002'];

test.describe('scratch lists', () => {
  test('the admin pastes tag ids, finds the list kept after a reload, labels the available tag and clears the list', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example');
    const auth = await adminHeaders(page);
    const label = unique('Spare');
    try {
      await nav(page).getByRole('link', { name: 'Tag Scratch List' }).click();
      await expect(page.getByRole('heading', { name: 'Tag Scratch List', level: 1 })).toBeVisible();
      await expect(page.getByText('No tags on your list yet: scan or paste their ids above')).toBeVisible();

      await page
        .getByRole('textbox', { name: /Paste many ids/ })
        .fill('c0ffee000001\nC0:FF:EE:00:00:02, c0ffee100002\nnot-a-tag');
      await page.getByRole('button', { name: 'Add to list' }).click();
      const report = page.getByRole('status', { name: '3 tags added.' });
      await expect(report.getByRole('list', { name: 'Not device ids' })).toHaveText('not-a-tag');
      for (const id of DEMO_TAGS) await expect(page.getByRole('link', { name: id })).toBeVisible();
      await expectAccessible(page);

      // Kept on the server: a reload reads the same list.
      await page.reload();
      for (const id of DEMO_TAGS) await expect(page.getByRole('link', { name: id })).toBeVisible();
      await expect(whole(page).getByText('3 tags on your list')).toBeVisible();

      // SPEC §4: the available tag alone may be labelled.
      await page.getByRole('checkbox', { name: 'Select c0ffee100002' }).check();
      await selection(page).getByRole('button', { name: 'Batch actions' }).click();
      await page.getByRole('menuitem', { name: 'Label' }).click();
      const dialog = page.getByRole('dialog', { name: 'Label: 1 tag' });
      await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
      await dialog.getByRole('button', { name: 'Label 1 tag' }).click();
      await expect(dialog).toBeHidden();
      const result = page.getByRole('status', { name: 'Label: 1 tag done.' });
      await expect(result).toBeVisible();
      await expect(
        page.getByRole('row', { name: /c0ffee100002/ }).getByRole('cell', { name: label }),
      ).toBeVisible();

      await result.getByRole('link', { name: 'See it in the Batch Operations Log' }).click();
      await expect(page.getByRole('heading', { name: 'Batch Operations Log', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('row', { name: new RegExp(`label.*c0ffee100002.*${label}`) }),
      ).toBeVisible();

      await page.goBack();
      await whole(page).getByRole('button', { name: 'Clear list' }).click();
      const confirm = page.getByRole('dialog', { name: 'Clear the list' });
      await expect(confirm).toContainText('Remove all 3 tags from your Tag Scratch List?');
      await confirm.getByRole('button', { name: 'Clear list' }).click();
      await expect(page.getByText('No tags on your list yet: scan or paste their ids above')).toBeVisible();
    } finally {
      const undo = await page.request.put('/api/tags/c0ffee100002', { headers: auth, data: { label: null } });
      expect(undo.status()).toBe(200);
      await page.request.delete('/api/scratch-lists/tag', { headers: auth });
    }
  });

  test('the Gateway Scratch List takes a gateway typed into its field', async ({ page }) => {
    await signIn(page, 'admin@demo.example');
    const auth = await adminHeaders(page);
    try {
      await nav(page).getByRole('link', { name: 'Gateway Scratch List' }).click();
      await expect(page.getByRole('heading', { name: 'Gateway Scratch List', level: 1 })).toBeVisible();
      await expectAccessible(page);
      const field = page.getByRole('textbox', { name: 'Scan or type a gateway id' });
      await field.fill('B0-A7-10-00-00-01');
      await field.press('Enter');
      await expect(page.getByRole('status', { name: '1 gateway added.' })).toBeVisible();
      const row = page.getByRole('row', { name: /b0a710000001/ });
      await expect(row.getByRole('cell', { name: 'GW2' })).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Deployed' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await page.request.delete('/api/scratch-lists/gateway', { headers: auth });
    }
  });
});

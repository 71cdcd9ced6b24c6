import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn, unique } from '../fixtures';

// People with CSV import (SPEC §5, §8), the public device page (SPEC §2.1) and the change
// log (SPEC §7 log/audit).

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import people' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('people, the public device page and the change log', () => {
  test('a CSV with a bad row imports nothing and names the row; the corrected file imports', async ({
    page,
  }) => {
    const first = unique('Imported Ana');
    const second = unique('Imported Bo');
    const [idA, idB] = [unique('E2E-A').replace(' ', '-'), unique('E2E-B').replace(' ', '-')];
    await signIn(page, 'admin@demo.example');
    await page.goto('/people');
    await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();

    let dialog = await openImport(page);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(csvFile('staff.csv', `name,personID\n${first},${idA}\n,${idB}\n`));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('Nothing was imported', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^1 row could not be imported, so nothing was imported/)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText(['Line 3: Missing name']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('textbox', { name: /Search/ }).fill(first);
    await expect(page.getByText('No people match')).toBeVisible();

    dialog = await openImport(page);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles(csvFile('staff-fixed.csv', `name,personID\n${first},${idA}\n${second},${idB}\n`));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText('Imported staff-fixed.csv')).toBeVisible();
    await expect(dialog.getByText(/2 people added, 0 people updated/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('row', { name: new RegExp(first) })).toContainText(idA);
  });

  test('a public device page, signed out, names the organisation and contact but not the owner', async ({
    page,
  }) => {
    await page.goto('/c0ffee000001');
    await expect(page.getByRole('heading', { name: 'Found this safety tag?' })).toBeVisible();
    await expect(page.getByText('Demo Hospital', { exact: true })).toBeVisible();
    const contact = page.getByRole('region', { name: 'Return contact' });
    await expect(contact).toContainText('Demo Hospital Security');
    await expect(contact.getByRole('link', { name: 'security@demo.example' })).toBeVisible();
    // c0ffee000001 is worn by Alex Rivera (P-1000), deployed in ED Room 101: none of it shows.
    for (const secret of ['Alex Rivera', 'P-1000', 'ED Room 101', 'deployed', 'Badge 1']) {
      await expect(page.getByText(secret)).toHaveCount(0);
    }
    await expect(page).toHaveURL(/\/c0ffee000001$/);
    await expectAccessible(page);

    await page.goto('/v1/gateway/b0a710000001');
    await expect(page.getByRole('heading', { name: 'Found this gateway?' })).toBeVisible();
    await page.goto('/c0ffeeffffff');
    await expect(page.getByRole('heading', { name: 'Device not found' })).toBeVisible();
  });

  test('a person edited through the console shows in the change log with its before and after', async ({
    page,
  }) => {
    const renamed = unique('Harper Kim-Lee');
    await signIn(page, 'admin@demo.example');
    await page.goto('/people');
    await page.getByRole('textbox', { name: /Search/ }).fill('Harper Kim');
    await page.getByRole('button', { name: 'Edit Harper Kim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Harper Kim' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

    await page.goto('/log/audit');
    await expect(page.getByRole('heading', { name: 'Change Log', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /Search/ }).fill(renamed);
    const changes = page.getByRole('table', { name: new RegExp(`^Changes to person ${renamed}`) });
    await expect(changes).toBeVisible();
    const name = changes.getByRole('row', { name: /^name/ });
    await expect(name).toContainText('Harper Kim');
    await expect(name).toContainText(renamed);
    const entry = page.getByRole('row').filter({ has: changes });
    await expect(entry).toContainText('Dana Admin');
    await expect(entry).toContainText('update');

    // Its request id opens the change log at that request alone.
    await entry.getByRole('link', { name: /^Request / }).click();
    await expect(page).toHaveURL(/\/log\/audit\/[^/]+$/);
    await expect(
      page.getByRole('table', { name: new RegExp(`^Changes to person ${renamed}`) }),
    ).toBeVisible();
  });
});

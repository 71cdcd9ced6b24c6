import { expect, test, type Page } from '@playwright/test';
import { expandZone, pressTag, signIn, unique } from '../fixtures';

// What a new admin meets first: adding a zone says so and shows it, the zone tree survives a reload,
// the close dialog points at the questions left unanswered, and closing an alert says so.

const notification = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Adds a zone inside Main Campus from the tree, and sees it announced, open and selected. */
async function addZone(page: Page, name: string) {
  const tree = page.getByRole('tree', { name: 'Zones of your organisation' });
  await tree.getByRole('button', { name: 'Add zone inside Main Campus' }).click();
  await page.getByRole('textbox', { name: 'Name of the new zone inside Main Campus' }).fill(name);
  await page.keyboard.press('Enter');
  await expect(notification(page, `Zone "${name}" added`)).toBeVisible();
  const added = tree.getByRole('treeitem', { name, exact: true });
  await expect(added).toHaveAttribute('aria-selected', 'true');
  await expect(added).toBeFocused();
  await expect(page).toHaveURL(/\/zones\?zone=/);
  return added;
}

/** Closes a help alert from its card: the questions left unanswered are marked, then answered. */
async function closeWithIncidentDetails(page: Page, person: string) {
  const card = page.getByRole('article', { name: new RegExp(`Alert: ${person}`) });
  await card.getByRole('button', { name: new RegExp(`Close alert for ${person}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Close alert' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Incident handled' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please answer all questions')).toBeVisible();
  await expect(dialog.getByText('Please answer this question')).toHaveCount(3);
  const kind = dialog.getByRole('radiogroup', { name: 'What kind of incident was it?' });
  await expect(kind.getByRole('radio').first()).toBeFocused();

  await kind.getByLabel('Verbal').check();
  await expect(dialog.getByText('Please answer this question')).toHaveCount(2);
  await dialog.getByRole('radiogroup', { name: 'Who was the source?' }).getByLabel('Patient').check();
  await dialog
    .getByRole('radiogroup', { name: 'Was anyone injured?' })
    .getByLabel('No', { exact: true })
    .check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
}

test('first impressions: a zone added stays in view across a reload; a closed alert says so', async ({
  page,
}) => {
  const name = unique('Clinic');
  await signIn(page, 'admin@demo.example');
  await page.goto('/zones');
  const tree = page.getByRole('tree', { name: 'Zones of your organisation' });
  await expandZone(page, 'Main Campus');
  await expandZone(page, 'North Tower');
  await addZone(page, name);

  await page.reload();
  const added = tree.getByRole('treeitem', { name, exact: true });
  await expect(added).toHaveAttribute('aria-selected', 'true');
  await expect(tree.getByRole('treeitem', { name: 'Main Campus' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: 'North Tower' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  // The zone is not left behind for the other journeys.
  await page.getByRole('button', { name: 'Delete zone', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(added).toHaveCount(0);

  await pressTag(page, 'c0ffee000008'); // Harper Kim, ED Nurses Station
  await page.goto('/alerts');
  await closeWithIncidentDetails(page, 'Harper Kim');
  await expect(notification(page, /^Alert for Harper Kim.* closed$/)).toBeVisible();
});

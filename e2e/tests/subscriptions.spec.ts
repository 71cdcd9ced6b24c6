import { expect, test } from '@playwright/test';
import { SUBSCRIPTION_TEST_QUEUED } from '@vigil/domain';
import { expectAccessible, signIn, unique } from '../fixtures';

// Issue 16 /subscriptions: an admin tells a contact of the alerts in a building, then edits,
// pauses, tests and deletes that subscription, through the console against the real server.

test.describe('Settings › Subscriptions', () => {
  test('an admin adds an e-mail contact on a building, edits, pauses, tests and deletes it', async ({
    page,
  }) => {
    const name = unique('Ward desk');
    const row = () => page.getByRole('row').filter({ hasText: name });
    const rowName = `${name} (E-mail) in North Tower`;
    await signIn(page, 'admin@demo.example');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Subscriptions', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add subscription' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add subscription' });
    await add.getByRole('radio', { name: 'A contact' }).check();
    await add.getByRole('textbox', { name: 'Contact name' }).fill(name);
    const address = add.getByRole('textbox', { name: 'Address' });
    await address.fill('ward-desk@');
    await expect(add.getByText('Invalid e-mail address')).toBeVisible();
    await expect(add.getByRole('button', { name: 'Add subscription' })).toBeDisabled();
    await address.fill('ward-desk@demo.example');
    await expect(add.getByText('Invalid e-mail address')).toHaveCount(0);

    // In a picker a click picks: Main Campus is opened from the keyboard instead.
    await add.getByRole('button', { name: 'Zone' }).click();
    const tree = page.getByRole('tree', { name: 'Zone' });
    const campus = tree.getByRole('treeitem', { name: 'Main Campus', exact: true });
    await campus.focus();
    await page.keyboard.press('ArrowRight');
    await expect(campus).toHaveAttribute('aria-expanded', 'true');
    await tree.getByText('North Tower', { exact: true }).click();
    await expect(add.getByRole('button', { name: 'Zone' })).toHaveText('North Tower');
    await add.getByRole('checkbox', { name: 'Test' }).check();
    await add.getByRole('button', { name: 'Add subscription' }).click();
    await expect(add).toBeHidden();

    await expect(row()).toContainText('ward-desk@demo.example');
    await expect(row()).toContainText('North Tower');
    await expect(row()).toContainText('Help, Danger, Test');
    await expect(row()).toContainText('Active');
    await expectAccessible(page);

    await row()
      .getByRole('button', { name: `Edit ${rowName}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit subscription' });
    await expect(edit.getByRole('textbox', { name: 'Address' })).toHaveValue('ward-desk@demo.example');
    await edit.getByRole('checkbox', { name: 'Still unacknowledged' }).check();
    await expect(edit.getByRole('textbox', { name: 'Unacknowledged after (seconds)' })).toHaveValue('120');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row()).toContainText('Alert created, Still unacknowledged (120 s)');

    await row()
      .getByRole('button', { name: `Pause ${rowName}` })
      .click();
    await expect(row()).toContainText('Paused');
    await expect(row().getByRole('button', { name: `Resume ${rowName}` })).toBeVisible();
    await page.reload();
    await expect(row()).toContainText('Paused');

    await row()
      .getByRole('button', { name: `Send a test to ${rowName}` })
      .click();
    await expect(page.getByText(SUBSCRIPTION_TEST_QUEUED)).toBeVisible();

    await row()
      .getByRole('button', { name: `Delete ${rowName}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete subscription' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row()).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test('a security responder subscribes themself from the user menu, then deletes it', async ({ page }) => {
    // Issue 16 "Users may manage their own": no Subscription permission, yet their own subscriptions.
    const rowName = 'Sam Security (e-mail) in North Tower';
    const row = () => page.getByRole('row').filter({ hasText: 'North Tower' });
    await signIn(page, 'security@demo.example');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'My notifications' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByRole('heading', { name: 'My notifications', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add subscription' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add subscription' });
    await expect(add.getByRole('textbox', { name: 'Recipient' })).toHaveValue('You (security@demo.example)');
    await expect(add.getByRole('combobox', { name: 'User' })).toHaveCount(0);
    await expect(add.getByRole('radio')).toHaveCount(0);
    await add.getByRole('button', { name: 'Zone' }).click();
    const tree = page.getByRole('tree', { name: 'Zone' });
    const campus = tree.getByRole('treeitem', { name: 'Main Campus', exact: true });
    await campus.focus();
    await page.keyboard.press('ArrowRight');
    await expect(campus).toHaveAttribute('aria-expanded', 'true');
    await tree.getByText('North Tower', { exact: true }).click();
    await expect(add.getByRole('button', { name: 'Zone' })).toHaveText('North Tower');
    await add.getByRole('checkbox', { name: 'Danger' }).uncheck();
    await expect(add.getByRole('checkbox', { name: 'Help' })).toBeChecked();
    await expect(add.getByRole('checkbox', { name: 'Alert created' })).toBeChecked();
    await add.getByRole('button', { name: 'Add subscription' }).click();
    await expect(add).toBeHidden();

    await expect(row()).toContainText('security@demo.example');
    await expect(row()).toContainText('Help');
    await expect(row()).toContainText('Alert created');
    await expect(row()).toContainText('Active');
    await expectAccessible(page);

    await row()
      .getByRole('button', { name: `Delete ${rowName}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete subscription' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(row()).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My notifications', level: 1 })).toBeVisible();
    await expect(row()).toHaveCount(0);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signIn, unique } from '../fixtures';

// Issue 22 "Operations": the super admin, acting in the demo organisation, keeps its Orders Address
// Book (/operations/orders/recipients) and orders devices for Demo Hospital (/operations/orders),
// through the real server and database. (The demo's warehouse user holds Order too, but SPEC §2.2
// keeps a kiosk role inside its kiosk.)

const SUPERADMIN = 'superadmin@vigil.example';

/** Adds a recipient with one address and one sms contact through the screen; answers its name. */
async function addRecipient(page: Page): Promise<string> {
  const name = unique('Central Stores');
  await page.getByRole('button', { name: 'Add recipient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add recipient' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog
    .getByRole('combobox', { name: 'Customer organisation' })
    .selectOption({ label: 'Demo Hospital' });
  await dialog.getByRole('button', { name: 'Add recipient' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  return name;
}

/** Creates an order of `quantity` TAG5 for Demo Hospital to the recipient, with these notes. */
async function newOrder(page: Page, recipient: string, quantity: number, notes: string) {
  await page.getByRole('button', { name: 'New order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New order' });
  // Internal staff may order for any organisation: none is chosen for them.
  const customer = dialog.getByRole('combobox', { name: 'Customer organisation' });
  await expect(dialog.getByRole('button', { name: 'Create order' })).toBeDisabled();
  await customer.selectOption({ label: 'Demo Hospital' });
  await expect(dialog.getByRole('combobox', { name: 'SKU, line 1' })).toHaveValue('TAG5');
  await dialog.getByRole('textbox', { name: 'Quantity, line 1' }).fill(String(quantity));
  await dialog.getByRole('combobox', { name: 'Recipient' }).selectOption({ label: recipient });
  const address = dialog.getByRole('combobox', { name: 'Address' });
  await expect(address.getByRole('option', { name: /^1 Hospital Way/ })).toHaveCount(1);
  await address.selectOption({ label: '1 Hospital Way, Springfield, IL 62701, US' });
  await dialog
    .getByRole('combobox', { name: 'Contact' })
    .selectOption({ label: 'Dock desk: +12015550123 (SMS)' });
  await dialog.getByRole('textbox', { name: 'Notes' }).fill(notes);
  await dialog.getByRole('button', { name: 'Create order' }).click();
  await expect(dialog).toBeHidden();
  return page.getByRole('row', { name: new RegExp(notes) });
}

test.describe('orders and the orders address book (issue 22)', () => {
  test('a recipient with an address and a contact, an order of 20 TAG5, another cancelled', async ({
    page,
  }) => {
    await signIn(page, SUPERADMIN);

    await page.goto('/operations/orders/recipients');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders Address Book' })).toBeVisible();
    const recipient = await addRecipient(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: `Addresses and contacts of ${recipient}` }).click();
    const drawer = page.getByRole('dialog', { name: recipient });
    await expect(drawer.getByText('No addresses yet')).toBeVisible();
    await drawer.getByRole('button', { name: 'Add address' }).click();
    const address = page.getByRole('dialog', { name: 'Add address' });
    await address.getByRole('textbox', { name: 'Address line 1' }).fill('1 Hospital Way');
    await address.getByRole('textbox', { name: 'City' }).fill('Springfield');
    await address.getByRole('textbox', { name: 'State or region' }).fill('IL');
    await address.getByRole('textbox', { name: 'Postal code' }).fill('62701');
    await address.getByRole('button', { name: 'Add address' }).click();
    await expect(address).toBeHidden();
    await expect(drawer.getByText('1 Hospital Way, Springfield, IL 62701, US')).toBeVisible();

    await drawer.getByRole('button', { name: 'Add contact' }).click();
    const contact = page.getByRole('dialog', { name: 'Add contact' });
    await expect(contact.getByRole('combobox', { name: 'Kind' })).toHaveValue('sms');
    const value = contact.getByRole('textbox', { name: 'Value' });
    await value.fill('555-0123');
    await value.blur();
    await expect(contact.getByText('Invalid phone number')).toBeVisible();
    await expect(contact.getByRole('button', { name: 'Add contact' })).toBeDisabled();
    await value.fill('(201) 555-0123');
    await contact.getByRole('textbox', { name: 'Name' }).fill('Dock desk');
    await contact.getByRole('button', { name: 'Add contact' }).click();
    await expect(contact).toBeHidden();
    await expect(drawer.getByRole('cell', { name: '+12015550123', exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(recipient) });
    await expect(row.getByRole('cell', { name: '1', exact: true })).toHaveCount(2);

    await page.goto('/operations/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const kept = await newOrder(page, recipient, 20, unique('Ward 3 restock'));
    await expect(kept.getByText('Open', { exact: true })).toBeVisible();
    await expect(kept).toContainText('20 × TAG5');
    await expect(kept).toContainText('Demo Hospital');
    await expect(kept).toContainText(recipient);
    await expectAccessible(page);

    const other = await newOrder(page, recipient, 40, unique('Duplicate'));
    await other.getByRole('button', { name: /^Cancel ORD-\d+$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await expect(other.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: /^Cancel ORD-/ })).toHaveCount(0);
    await expect(kept.getByText('Open', { exact: true })).toBeVisible();

    // The list filters by state: the cancelled one is not among the open orders.
    await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Open' });
    await expect(page).toHaveURL(/state=open/);
    await expect(kept).toBeVisible();
    await expect(other).toHaveCount(0);
  });
});

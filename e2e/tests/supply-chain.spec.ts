import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, PASSWORD, signIn } from '../fixtures';
import { code128InPng, firstPageAsPng } from '../barcodes';
import { writeCode128Video } from '../fake-camera';

// Issue 22, the whole chain for 20 tags, as the people at each link do it in the browser: the
// factory registers 20 new TAG5 tags and packs them into one box, whose printed label (the page
// printed to PDF) reads back as its barcode; the warehouse receives the box through the kiosk's
// camera (Chromium's fake camera shows the label); an order of 20 TAG5 for Demo Hospital is picked,
// checked and shipped; the hospital sees the 20 tags reserved and sends two back; the warehouse
// takes them back, inspects them reusable and repacks them under a -R label, back in stock. Every
// other scan is a hand-held scanner's: the code typed fast, then Enter.

const VIEWPORT = { width: 1024, height: 768 };
const scanLog = (page: Page) => page.getByRole('region', { name: 'Scans' });
const done = (page: Page) => scanLog(page).getByText('Done', { exact: true });

/** The README's screenshots of the kiosks, taken on the way when UPDATE_SCREENSHOTS is set. */
async function screenshot(page: Page, name: string) {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(import.meta.dirname, '../../docs/screenshots', name) });
}

/** A hand-held scanner reading `code`: fast keystrokes, then Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: VIEWPORT })).newPage();
}

/** API headers of the super admin acting in the warehouse organisation, which keeps the orders. */
async function warehouseStaff(page: Page) {
  const headers = { slug: 'smpwarehouse', domain: 'localhost' };
  const login = await page.request.post('/api/auth/password/smpwarehouse', {
    headers,
    data: { username: 'superadmin@vigil.example', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: { token: string } };
  return { ...headers, authorization: `Bearer ${access.token}` };
}

/** The demo hospital's receiving desk in the warehouse's address book (set up through the API). */
async function addRecipient(page: Page, name: string) {
  const headers = await warehouseStaff(page);
  const customers = (await (await page.request.get('/api/orders/customers', { headers })).json()) as {
    data: { id: string; name: string }[];
  };
  const hospital = customers.data.find((c) => c.name === 'Demo Hospital')!;
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { id: string };
  };
  const recipient = await post('/api/orders/recipients', { name, customerOrgId: hospital.id });
  await post('/api/orders/addresses', {
    recipientId: recipient.id,
    line1: '1 Hospital Way',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
  });
  await post('/api/orders/contacts', {
    recipientId: recipient.id,
    kind: 'sms',
    value: '(201) 555-0123',
    name: 'Dock desk',
  });
}

/** The factory: 20 TAG5 tags registered and packed; answers the box's label text. */
async function flashAndBox(page: Page, tags: string[]): Promise<string> {
  await signIn(page, 'factory@smp.example', undefined, '/login?authSlug=factory');
  await expect(page).toHaveURL(/\/factory\/home$/);
  await page.getByRole('combobox', { name: 'SKU' }).click();
  await page.getByRole('option', { name: 'TAG5', exact: true }).click();
  await page.getByRole('textbox', { name: 'Scan or type a device id' }).focus();
  for (const tag of tags) await scan(page, tag);
  await expect(done(page)).toHaveCount(20);

  await page.getByText('Pack boxes', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Scan a device or a box label' }).focus();
  for (const tag of tags) await scan(page, tag);
  // The log keeps the newest 20 answers: the last says the box is full.
  await expect(done(page)).toHaveCount(20);
  await expect(page.getByRole('status', { name: 'Next' })).toContainText(/box/i);
  const label = page.getByRole('region', { name: /^Label TAG5-\d{8}-\d+$/ });
  await expect(label).toBeVisible();
  const box = (await label.getAttribute('aria-label'))!.replace(/^Label /, '');
  await expect(label).toContainText('20 units');
  await expectAccessible(page);
  await label.scrollIntoViewIfNeeded();
  await screenshot(page, 'factory-label.png');
  return box;
}

test('the whole chain for 20 tags: flash, box, receive, order, QC, ship, return two, inspect, repack', async ({
  browser,
  playwright,
  launchOptions,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const prefix = `5c${crypto.randomBytes(4).toString('hex')}`;
  const tags = Array.from({ length: 20 }, (_, i) => `${prefix}${i.toString(16).padStart(2, '0')}`);

  // ── The factory ─────────────────────────────────────────────────────────────────────────────
  const factory = await newPage(browser);
  const box = await flashAndBox(factory, tags);
  // The label page printed (print media: only the label) reads back as the box's barcode.
  const pdf = await factory.pdf({ printBackground: true });
  expect(await code128InPng(await firstPageAsPng(pdf))).toEqual([box]);
  await factory.context().close();

  // ── The order (the warehouse's office, in the console) ──────────────────────────────────────
  const office = await newPage(browser);
  const recipient = `Receiving ${prefix}`;
  await addRecipient(office, recipient);
  await signIn(office, 'superadmin@vigil.example', undefined, '/login?authSlug=smpwarehouse');
  await office.goto('/operations/orders');
  await office.getByRole('button', { name: 'New order' }).click();
  const dialog = office.getByRole('dialog', { name: 'New order' });
  await dialog
    .getByRole('combobox', { name: 'Customer organisation' })
    .selectOption({ label: 'Demo Hospital' });
  await dialog.getByRole('combobox', { name: 'SKU, line 1' }).selectOption('TAG5');
  await dialog.getByRole('textbox', { name: 'Quantity, line 1' }).fill('20');
  await dialog.getByRole('combobox', { name: 'Recipient' }).selectOption({ label: recipient });
  await dialog
    .getByRole('combobox', { name: 'Address' })
    .selectOption({ label: '1 Hospital Way, Springfield, IL 62701, US' });
  await dialog
    .getByRole('combobox', { name: 'Contact' })
    .selectOption({ label: 'Dock desk: +12015550123 (SMS)' });
  await dialog.getByRole('textbox', { name: 'Notes' }).fill(`Restock ${prefix}`);
  await dialog.getByRole('button', { name: 'Create order' }).click();
  await expect(dialog).toBeHidden();
  const orderRow = office.getByRole('row', { name: new RegExp(`Restock ${prefix}`) });
  const reference = (await orderRow.getByText(/^ORD-\d+$/).textContent())!.trim();
  await office.context().close();

  // ── The warehouse, its kiosk camera showing the box's label ─────────────────────────────────
  const video = writeCode128Video(box);
  const cameraBrowser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const warehouse = await (await cameraBrowser.newContext({ baseURL, viewport: VIEWPORT })).newPage();
    await signIn(warehouse, 'warehouse@smp.example', undefined, '/login?authSlug=smpwarehouse');
    await warehouse.getByRole('link', { name: 'Receive' }).click();
    await warehouse.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(warehouse.getByRole('region', { name: 'Camera scanner' })).toBeVisible();
    await expect(scanLog(warehouse).getByText(`20 TAG5 received into stock`)).toBeVisible();
    await expect(done(warehouse)).toHaveCount(1);
    await warehouse.getByRole('button', { name: 'Stop the camera' }).click();
    await expectAccessible(warehouse);

    // Ship: the order chosen, its box scanned in: picked, waiting for quality control.
    await warehouse.goto('/warehouse/orders');
    await warehouse.getByRole('link', { name: `Ship ${reference}` }).click();
    await warehouse.getByRole('textbox', { name: /Scan/ }).focus();
    await scan(warehouse, reference);
    await scan(warehouse, box);
    await expect(scanLog(warehouse).getByText(`20 TAG5 added to ${reference}`)).toBeVisible();
    await expect(warehouse.getByRole('status', { name: 'Next' })).toContainText('quality control');
    await expectAccessible(warehouse);
    await screenshot(warehouse, 'warehouse-ship.png');

    // Quality control: one device of the box passes (a box of 20 is sampled once).
    await warehouse.goto(`/warehouse/logistics/qc/${reference.replace('ORD-', '')}`);
    await warehouse.getByRole('textbox', { name: /Scan/ }).focus();
    await scan(warehouse, reference);
    await scan(warehouse, tags[7]!);
    await expect(done(warehouse)).toHaveCount(1);
    await expect(warehouse.getByRole('status', { name: 'Next' })).toContainText(
      `Quality control of ${reference} is done`,
    );
    await expectAccessible(warehouse);

    // Ship it: the 20 tags move to Demo Hospital.
    await warehouse.goto(`/warehouse/logistics/ship/${reference.replace('ORD-', '')}`);
    await warehouse.getByRole('textbox', { name: /Scan/ }).focus();
    await scan(warehouse, reference);
    await expect(
      scanLog(warehouse).getByText(`${reference} shipped: 20 devices moved to the customer`),
    ).toBeVisible();
    // The order's progress still counts what left with it.
    await expect(warehouse.getByRole('cell', { name: '20 of 20', exact: true })).toBeVisible();

    // ── The hospital: 20 tags reserved; two go back ────────────────────────────────────────
    const hospital = await newPage(browser);
    await signIn(hospital, 'admin@demo.example');
    await hospital.goto('/tags');
    await hospital.getByRole('textbox', { name: 'Search' }).fill(prefix);
    await hospital.getByLabel('Rows per page').selectOption('25');
    const rows = hospital.getByRole('row').filter({ hasText: prefix });
    await expect(rows).toHaveCount(20);
    await expect(rows.filter({ hasText: 'Reserved' })).toHaveCount(20);
    const back = [tags[3]!, tags[4]!];
    for (const tag of back) {
      await hospital.goto('/tags');
      await hospital.getByRole('textbox', { name: 'Search' }).fill(tag);
      await hospital.getByRole('link', { name: tag, exact: true }).click();
      await hospital.getByRole('button', { name: 'Edit' }).click();
      const edit = hospital.getByRole('dialog', { name: `Edit tag ${tag}` });
      await edit.getByRole('combobox', { name: 'State change' }).selectOption('ready_for_return');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(hospital.getByText('Ready for Return').first()).toBeVisible();
    }
    await hospital.context().close();

    // ── Returns: taken back and inspected reusable in one scan each ────────────────────────
    await warehouse.goto('/warehouse/returns');
    await warehouse.getByText('Reusable', { exact: true }).click();
    await expect(warehouse.getByRole('radio', { name: 'Reusable' })).toBeChecked();
    await warehouse.getByRole('textbox', { name: 'Inspection notes' }).fill('Unused, clean');
    await warehouse.getByRole('textbox', { name: 'Scan or type a device id' }).focus();
    for (const tag of back) await scan(warehouse, tag);
    await expect(done(warehouse)).toHaveCount(2);
    await expectAccessible(warehouse);

    // ── Repackaging: the two into a -R box, closed short by its own label ─────────────────
    await warehouse.goto('/warehouse/repackaging');
    await warehouse.getByRole('textbox', { name: 'Scan a device or a -R box label' }).focus();
    for (const tag of back) await scan(warehouse, tag);
    const repack = warehouse.getByRole('region', { name: /^Label TAG5-\d{8}-\d+-R$/ });
    await expect(repack).toBeVisible();
    const repackBox = (await repack.getAttribute('aria-label'))!.replace(/^Label /, '');
    await scan(warehouse, repackBox);
    await expect(done(warehouse)).toHaveCount(3);
    await expectAccessible(warehouse);

    // The inventory counts them in stock; the count opens its devices, the two among them.
    await warehouse.goto('/warehouse/inventory');
    await warehouse
      .getByRole('table', { name: 'Inventory counts' })
      .getByRole('button', { name: /devices?: TAG5 · available · smpwarehouse · in_stock$/ })
      .click();
    const devices = warehouse.getByRole('dialog', {
      name: 'Devices: TAG5 · available · smpwarehouse · in_stock',
    });
    for (const tag of back)
      await expect(devices.getByRole('row').filter({ hasText: tag })).toContainText(repackBox);
    await expectAccessible(warehouse);
    await warehouse.keyboard.press('Escape');

    // Both are in stock again, boxed under the -R label.
    const staff = await warehouseStaff(warehouse);
    for (const tag of back) {
      const res = await warehouse.request.get(`/api/tags/${tag}`, { headers: staff });
      const { config } = (await res.json()) as {
        config: { state: string; logistics?: { barcode?: string } };
      };
      expect(config.state).toBe('available');
      expect(config.logistics?.barcode).toBe(repackBox);
    }
  } finally {
    await cameraBrowser.close();
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
  }
});

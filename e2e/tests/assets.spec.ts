import { expect, test, type Page } from '@playwright/test';
import { DEMO_GATEWAY_KEY, PASSWORD, adminHeaders, expectAccessible, signIn, unique } from '../fixtures';
import {
  FLOOR_1_GATEWAY,
  FLOOR_1_POSITION,
  canvasPixelsNear,
  placeFloor1Gateway,
  rgb,
} from '../map-fixtures';

// Issue 20 assets: an asset-tracking user edits an asset's status and notes on /assets, sees them
// kept after a reload, then opens its floor plan (/assets/{id}) and sees its tracker on the floor.
// This file's own: the spare demo tag c0ffee100003 (the demo's portable monitor once the demo seeds
// its assets; made here otherwise) and the demo gateway of ED Room 101, placed for the test.

const TAG = 'c0ffee100003';
/** The asset tracker's colour (features/assets: Mantine's violet.7). */
const ASSET_COLOUR = rgb('#7048e8');

type Asset = { id: string; name: string; tagId: string | null; status: string; notes: string };

/** The asset on TAG: the demo's, or one made for this test (`made`), through the real API. */
async function assetOnTag(
  page: Page,
  auth: Record<string, string>,
): Promise<{ asset: Asset; made: boolean }> {
  const listed = await page.request.get(`/api/assets?query=${TAG}&limit=10`, { headers: auth });
  expect(listed.status(), await listed.text()).toBe(200);
  const found = ((await listed.json()) as { data: Asset[] }).data.find((a) => a.tagId === TAG);
  if (found) return { asset: found, made: false };
  const made = await page.request.post('/api/assets', {
    headers: auth,
    data: { name: unique('Portable monitor'), tagId: TAG },
  });
  expect(made.status(), await made.text()).toBe(200);
  return { asset: ((await made.json()) as { data: Asset }).data, made: true };
}

/**
 * A user of the demo organisation with the role assetTracking, made through the real API by the
 * super admin (SPEC §5: an admin may not assign the asset-tracking roles); answers its e-mail.
 */
async function assetTrackingUser(page: Page): Promise<string> {
  const headers = { slug: 'demo', domain: 'localhost' };
  const login = await page.request.post('/api/auth/password/demo', {
    headers,
    data: { username: 'superadmin@vigil.example', password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access } = (await login.json()) as { access: { token: string } };
  const auth = { ...headers, authorization: `Bearer ${access.token}` };
  const orgs = (await (await page.request.get('/api/zones?level=org', { headers: auth })).json()) as {
    data: { id: string; name: string }[];
  };
  const name = unique('Biomed Tech');
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@demo.example`;
  const res = await page.request.post('/api/users', {
    headers: auth,
    data: {
      email,
      name,
      role: 'assetTracking',
      zone: orgs.data.find((z) => z.name === 'Demo Hospital')!.id,
      password: PASSWORD,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** The tag heard now, strongly, by the gateway of ED Room 101 (Floor 1): the sightings API. */
async function hearOnFloor1(page: Page) {
  const res = await page.request.post('/api/ingest/sightings', {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` },
    data: {
      gateway: FLOOR_1_GATEWAY,
      batch: unique('assets-e2e').replace(/\s/g, '-'),
      sightings: [{ tag: TAG, rssi: -35, at: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an asset-tracking user edits an asset’s status and notes, then finds it on its floor plan', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const auth = await adminHeaders(page);
  const { asset, made } = await assetOnTag(page, auth);
  await hearOnFloor1(page);
  await placeFloor1Gateway(page, FLOOR_1_POSITION);
  const notes = unique('Screen cracked, sent to biomed');
  try {
    await signIn(page, await assetTrackingUser(page));
    await page.goto('/assets');
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill(TAG);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: asset.name }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Floor 1 › Emergency Department › ED Room 101');

    await row.getByRole('button', { name: `Edit ${asset.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${asset.name}` });
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Repair' });
    await expect(dialog.getByText('Out of service until repaired')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Notes' }).fill(notes);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Repair', exact: true })).toBeVisible();
    await expect(row).toContainText(notes);
    await expectAccessible(page);

    // Kept by the server: the same after a reload.
    await page.reload();
    await expect(row.getByRole('cell', { name: 'Repair', exact: true })).toBeVisible();
    await expect(row).toContainText(notes);

    await row.getByRole('link', { name: asset.name }).click();
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
    await expect(page.getByRole('heading', { name: asset.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Repair — Out of service until repaired')).toBeVisible();
    const floor = page.getByRole('region', { name: 'Floor plan' });
    const canvas = floor.locator('canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-label', 'Map of Floor 1');
    // The asset's tracker is drawn in its colour at the gateway (the map is centred on it).
    await expect
      .poll(() => canvasPixelsNear(page, canvas, [ASSET_COLOUR]), { timeout: 15_000 })
      .toBeGreaterThan(30);
    await expectAccessible(page);
  } finally {
    await placeFloor1Gateway(page, null);
    const cleanup = made
      ? await page.request.delete(`/api/assets/${asset.id}`, { headers: auth })
      : await page.request.patch(`/api/assets/${asset.id}`, {
          headers: auth,
          data: { status: asset.status, notes: asset.notes },
        });
    expect(cleanup.status(), await cleanup.text()).toBeLessThan(300);
  }
});

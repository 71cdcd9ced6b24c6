import { expect, test, type Page } from '@playwright/test';
import { DEMO_GATEWAY_KEY, adminHeaders, expectAccessible, pressTag, signIn } from '../fixtures';
import { FLOOR_1_GATEWAY, FLOOR_1_POSITION } from '../map-fixtures';

// Issue 20 "Responders": Blake Chen's tag (c0ffee000002, app firmware 51) is switched to responder
// mode and the demo organisation's responderTools flag turned on, through the real API, for this
// file (and put back after). Gateway sightings (POST /api/ingest/sightings, the demo gateway key)
// move Blake between the two Floor 1 gateways placed on the map: ED Room 101 and Main Entrance.

const RESPONDER = { tag: 'c0ffee000002', name: 'Blake Chen' };
const PRESSER = { tag: 'c0ffee000001', name: 'Alex Rivera' }; // ED Room 101
const ENTRANCE_GATEWAY = 'b0a710000002'; // Main Entrance, Floor 1
const ENTRANCE_POSITION = { lat: FLOOR_1_POSITION.lat + 0.0001, lng: FLOOR_1_POSITION.lng + 0.00025 };

type Before = { flag: boolean; mode: string | undefined; coordinates: Record<string, unknown> };
let before: Before | undefined;
/** Each sighting stronger than the one before, so that it takes the tag wherever it is (the best gateway). */
let rssi = -80;

async function api(page: Page, method: 'GET' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, headers: await adminHeaders(page), data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function demoOrgId(page: Page): Promise<string> {
  return (await api(page, 'GET', '/api/zones?level=org')).data[0].id;
}

/** One gateway's sightings post: it heard the tag just now, more strongly than any before. */
async function heard(page: Page, tag: string, gateway: string) {
  rssi += 5;
  const res = await page.request.post('/api/ingest/sightings', {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_GATEWAY_KEY}:`).toString('base64')}` },
    data: {
      gateway,
      batch: `e2e-${Date.now()}-${Math.random()}`,
      sightings: [{ tag, rssi, at: new Date().toISOString() }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  const org = await demoOrgId(page);
  const zone = await api(page, 'GET', `/api/zones/${org}`);
  const tag = await api(page, 'GET', `/api/tags/${RESPONDER.tag}`);
  const coordinates: Record<string, unknown> = {};
  for (const id of [FLOOR_1_GATEWAY, ENTRANCE_GATEWAY])
    coordinates[id] = (await api(page, 'GET', `/api/gateways/${id}`)).config.coordinates ?? null;
  before = { flag: zone.config.featureFlags?.responderTools === true, mode: tag.config.mode, coordinates };
  await api(page, 'PUT', `/api/zones/${org}`, { config: { featureFlags: { responderTools: true } } });
  await api(page, 'PUT', '/api/tags', { ids: [RESPONDER.tag], op: 'resp_toggle', args: { responder: true } });
  await api(page, 'PUT', `/api/gateways/${FLOOR_1_GATEWAY}`, { coordinates: FLOOR_1_POSITION });
  await api(page, 'PUT', `/api/gateways/${ENTRANCE_GATEWAY}`, { coordinates: ENTRANCE_POSITION });
});

test.afterEach(async ({ page }) => {
  if (!before) return;
  for (const [id, coordinates] of Object.entries(before.coordinates))
    await api(page, 'PUT', `/api/gateways/${id}`, { coordinates });
  if (before.mode !== 'responder')
    await api(page, 'PUT', '/api/tags', {
      ids: [RESPONDER.tag],
      op: 'resp_toggle',
      args: { responder: false },
    });
  if (!before.flag)
    await api(page, 'PUT', `/api/zones/${await demoOrgId(page)}`, {
      config: { featureFlags: { responderTools: null } },
    });
});

test('sightings move a responder across the floor map, and the responders screen follows', async ({
  page,
}) => {
  await heard(page, RESPONDER.tag, FLOOR_1_GATEWAY);
  await signIn(page, 'admin@demo.example');
  await page.goto('/floorplans');
  await page.getByRole('combobox', { name: 'Floor' }).click();
  await page.getByRole('option', { name: 'Floor 1' }).click();

  const list = page.getByRole('region', { name: 'Responders on this floor' });
  const blake = list.getByRole('button', { name: `Show ${RESPONDER.name} on the map` });
  await expect(blake).toContainText('Emergency Department › ED Room 101');
  // The map names its trackers with the labels toggle: Blake's name is drawn where Blake is.
  await page.getByRole('button', { name: 'Labels' }).click();
  const label = page.getByTestId('floor-map-canvas').getByText(RESPONDER.name, { exact: true });
  await expect(label).toBeVisible();
  const at = await label.boundingBox();

  await heard(page, RESPONDER.tag, ENTRANCE_GATEWAY);
  // No reload: the floor map asks again every few seconds.
  await expect(blake).toContainText('Lobby › Main Entrance', { timeout: 15_000 });
  await expect.poll(async () => (await label.boundingBox())?.x).toBeGreaterThan(at!.x + 20);
  expect((await label.boundingBox())!.y).toBeLessThan(at!.y - 5);
  await page.getByRole('heading', { name: 'Floor Plans', level: 1 }).hover();
  await expectAccessible(page);

  await page.goto('/responders');
  await expect(page).toHaveTitle(/Responders · Vigil$/);
  const row = page
    .getByRole('table', { name: 'Responders' })
    .getByRole('row', { name: new RegExp(RESPONDER.name) });
  await expect(row).toContainText('Main Campus › North Tower › Floor 1 › Lobby › Main Entrance');
  await expect(row).toContainText(/seen \d+ s ago/);
  await heard(page, RESPONDER.tag, FLOOR_1_GATEWAY);
  await expect(row).toContainText('Emergency Department › ED Room 101', { timeout: 15_000 });
  await expectAccessible(page);
});

test('a press shows the nearest responder on the alert card', async ({ page }) => {
  await heard(page, RESPONDER.tag, FLOOR_1_GATEWAY);
  await signIn(page, 'admin@demo.example');
  const [pressed] = (await pressTag(page, PRESSER.tag)).results;
  try {
    const card = page.getByRole('article', { name: new RegExp(`Alert: ${PRESSER.name}`) });
    const nearest = card.getByRole('region', { name: 'Nearest responders' });
    // Blake was heard by the gateway of ED Room 101, where Alex's tag belongs: the same place.
    await expect(nearest.getByRole('listitem').first()).toHaveText(
      new RegExp(`^${RESPONDER.name} · Same place · seen \\d+ s ago$`),
    );
    await expectAccessible(page);

    await card.getByRole('link', { name: `Details of the alert for ${PRESSER.name}` }).click();
    const detail = page.getByRole('region', { name: 'Nearest responders' });
    await expect(detail.getByRole('listitem').first()).toContainText(`${RESPONDER.name} · Same place`);
  } finally {
    await api(page, 'PUT', `/api/alerts/${pressed!.alertId}`, { reasonCode: 'ignored_accidental_press' });
  }
});

import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expandZone, signIn } from '../fixtures';

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

  // Issue 18: the demo's four months of alerts, and its badges gone silent.
  await page.getByRole('link', { name: 'Response Times', exact: true }).click();
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Last 30 days', exact: true }).click();
  await expect(page.getByRole('img', { name: /^Time to acknowledge, distribution/ })).toBeVisible();
  await page.screenshot({ path: out('response-times.png') });

  await page.getByRole('link', { name: 'Missing Tags', exact: true }).click();
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Last 30 days', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Missing tags by location' })).toBeVisible();
  await page.screenshot({ path: out('missing-tags.png') });
});

/** A floor plan drawn in the browser's canvas as a PNG: walls, rooms and a corridor. */
async function drawPlan(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1000;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 1600, 1000);
    g.strokeStyle = '#3b4252';
    g.lineWidth = 14;
    g.strokeRect(20, 20, 1560, 960);
    g.fillStyle = '#eef1f5';
    g.fillRect(27, 430, 1546, 140); // the corridor
    g.lineWidth = 6;
    for (const x of [420, 760, 1100]) g.strokeRect(x, 27, 0, 403);
    for (const x of [330, 640, 980, 1290]) g.strokeRect(x, 570, 0, 403);
    g.strokeRect(27, 430, 1546, 140);
    g.fillStyle = '#4c566a';
    g.font = '600 34px sans-serif';
    const rooms: [string, number, number][] = [
      ['ED Room 101', 120, 230],
      ['ED Room 102', 500, 230],
      ['Nurses Station', 830, 230],
      ['Triage', 1250, 230],
      ['Lobby', 720, 510],
      ['Main Entrance', 100, 780],
      ['Waiting', 400, 780],
      ['Imaging', 720, 780],
      ['Pharmacy', 1060, 780],
      ['Stairs', 1380, 780],
    ];
    for (const [name, x, y] of rooms) g.fillText(name, x, y);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('a screenshot of a floor plan with its gateways, tiled by the server', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.example');
  const headers = await adminHeaders(page);
  const floors = (await (await page.request.get('/api/zones?level=floor&limit=200', { headers })).json()) as {
    data: { id: string; name: string }[];
  };
  const floor = floors.data.find((z) => z.name === 'Floor 1')!;

  // The real pipeline: upload, place by four corners, tile, poll to 100 %.
  const upload = await page.request.post(`/api/zones/${floor.id}/plan/upload`, {
    headers,
    multipart: { floorplan: { name: 'floor-1.png', mimeType: 'image/png', buffer: await drawPlan(page) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { id } = (await upload.json()) as { id: string };
  const corners = [
    [-73.9748, 40.7424],
    [-73.9734, 40.7424],
    [-73.9734, 40.74172],
    [-73.9748, 40.74172],
  ];
  const tile = await page.request.post(`/api/zones/${floor.id}/plan/tile`, {
    headers,
    data: { corners, id },
  });
  expect(tile.status(), await tile.text()).toBe(200);
  const { job } = (await tile.json()) as { job: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/zones/${floor.id}/plan/status/${job}`, { headers })
          ).json()) as {
            percent: number;
          }
        ).percent,
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(100);
  for (const [gateway, coordinates] of [
    ['b0a710000001', { lat: 40.74226, lng: -73.97458 }],
    ['b0a710000002', { lat: 40.74189, lng: -73.97468 }],
  ] as const) {
    const placed = await page.request.put(`/api/gateways/${gateway}`, { headers, data: { coordinates } });
    expect(placed.status(), await placed.text()).toBe(200);
  }

  const tileDrawn = page.waitForResponse((r) => r.url().includes('/plans/') && r.status() === 200);
  await page.goto(`/floorplans/${floor.id}`);
  await expect(page.getByText('Main Campus › North Tower › Floor 1')).toBeVisible();
  // The note is closed once per user: by the first screenshot test when both run.
  const note = page.getByRole('button', { name: 'Close note: Welcome to Vigil' });
  if (await note.isVisible()) await note.click();
  await expect(page.getByText('b0a710000002').first()).toBeVisible();
  await tileDrawn;
  // Two frames after the last tile: the map has painted it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: out('floorplans.png') });
});

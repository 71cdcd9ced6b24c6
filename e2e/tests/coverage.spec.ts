import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  MARKER_COLOUR_HEX,
  planGeometryFromCorners,
  polygonAreaM2,
  squareMetresToSquareFeet,
  type PlanCorners,
} from '@vigil/domain';
import { adminHeaders, expectAccessible, signIn } from '../fixtures';

// SPEC §2.7 marker toolbar: the super admin's coverage heatmap (gradient, then flat) drawn by WebGL
// where the gateways are, the floor area and marker density; someone else has no heatmap but the
// diagnostics. Floor 1's two demo gateways (ED Room 101, Main Entrance) are placed 45 m apart for
// this file, with a plan outline (the floor's geometry), and taken off after it.

const GATEWAYS = ['b0a710000001', 'b0a710000002'] as const;
const LAT = 40.74205;
const WEST = -73.9745;
/** Degrees of longitude per metre at LAT (WGS84). */
const LNG_PER_M = 1 / 84_361;
const LAT_PER_M = 1 / 111_035;
const APART_M = 45;
/** SPEC §9: an indoor gateway covers 16 m. */
const RADIUS_M = 16;
const POSITIONS = [
  { lat: LAT, lng: WEST },
  { lat: LAT, lng: WEST + APART_M * LNG_PER_M },
];
/** The plan's outline: 80 m × 40 m round the two gateways. */
const CORNERS: PlanCorners = [
  [WEST - 17 * LNG_PER_M, LAT + 20 * LAT_PER_M],
  [WEST + 63 * LNG_PER_M, LAT + 20 * LAT_PER_M],
  [WEST + 63 * LNG_PER_M, LAT - 20 * LAT_PER_M],
  [WEST - 17 * LNG_PER_M, LAT - 20 * LAT_PER_M],
];

async function floorOneId(page: Page): Promise<string> {
  const res = await page.request.get('/api/zones?level=floor&limit=500', {
    headers: await adminHeaders(page),
  });
  const floors = (await res.json()) as { data: { id: string; name: string }[] };
  return floors.data.find((z) => z.name === 'Floor 1')!.id;
}

/** Places (or, with null, takes off) the two gateways and Floor 1's plan outline, as the demo admin. */
async function placeOnFloor(page: Page, floorId: string, placed: boolean) {
  const headers = await adminHeaders(page);
  for (const [i, id] of GATEWAYS.entries()) {
    const res = await page.request.put(`/api/gateways/${id}`, {
      headers,
      data: { coordinates: placed ? POSITIONS[i] : null },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const res = await page.request.put(`/api/zones/${floorId}`, {
    headers,
    data: { config: { geometry: placed ? planGeometryFromCorners(CORNERS) : null } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

type Raw = { data: Buffer; width: number; height: number };

/** The map canvas as RGBA pixels, what lies over it (legend, labels, toolbar, readouts) hidden. */
async function canvasPixels(canvas: Locator): Promise<Raw> {
  const overlays =
    '.maplibregl-marker, [data-testid="floor-map-canvas"] ~ * { visibility: hidden !important; }';
  const png = await canvas.screenshot({ style: overlays });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

/** The centres of the marker dots (a gateway marker colour), left one first, from a picture. */
function markerCentres(raw: Raw): { x: number; y: number }[] {
  const colours = Object.entries(MARKER_COLOUR_HEX)
    .filter(([name]) => name !== 'gray')
    .map(([, colour]) => hex(colour));
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < raw.data.length; i += 4) {
    const near = (c: number[]) =>
      Math.abs(raw.data[i]! - c[0]!) +
        Math.abs(raw.data[i + 1]! - c[1]!) +
        Math.abs(raw.data[i + 2]! - c[2]!) <
      24;
    if (colours.some(near)) points.push({ x: (i / 4) % raw.width, y: Math.floor(i / 4 / raw.width) });
  }
  const middle = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const centre = (group: { x: number; y: number }[]) => ({
    x: group.reduce((s, p) => s + p.x, 0) / group.length,
    y: group.reduce((s, p) => s + p.y, 0) / group.length,
  });
  return [points.filter((p) => p.x < middle), points.filter((p) => p.x >= middle)]
    .filter((group) => group.length > 0)
    .map(centre);
}

/** How far a 5×5 patch round (x, y) moved between two pictures: the mean of |ΔR|+|ΔG|+|ΔB|. */
function change(before: Raw, after: Raw, x: number, y: number): number {
  let sum = 0;
  let n = 0;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const i = ((Math.round(y) + dy) * before.width + Math.round(x) + dx) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(before.data[i + c]! - after.data[i + c]!);
      n++;
    }
  }
  return sum / n;
}

async function chooseHeatmap(page: Page, mode: 'Off' | 'Gradient' | 'Flat') {
  await page.getByRole('button', { name: 'Coverage heatmap' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${mode}`) }).click();
}

test.describe('coverage heatmap, floor area and diagnostics', () => {
  let floorId = '';

  test.beforeEach(async ({ page }) => {
    floorId = await floorOneId(page);
    await placeOnFloor(page, floorId, true);
  });

  test.afterEach(async ({ page }) => {
    await placeOnFloor(page, floorId, false);
  });

  test('the super admin draws the coverage heatmap where the gateways are and sees the floor area and density', async ({
    page,
  }) => {
    await signIn(page, 'superadmin@vigil.example');
    await page.goto(`/floorplans/${floorId}`);
    const canvas = page.locator('canvas.maplibregl-canvas');
    // The map's chunk (MapLibre) may take a while on a cold, busy machine.
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    const heatmap = page.getByRole('button', { name: 'Coverage heatmap' });
    await expect(heatmap).toHaveAttribute('aria-pressed', 'false');

    // Both markers drawn: their centres, and the scale, come from the picture itself.
    let before = await canvasPixels(canvas);
    await expect
      .poll(async () => markerCentres((before = await canvasPixels(canvas))).length, { timeout: 15_000 })
      .toBe(2);
    const [a, b] = markerCentres(before) as [{ x: number; y: number }, { x: number; y: number }];
    const radiusPx = (Math.hypot(b.x - a.x, b.y - a.y) / APART_M) * RADIUS_M;
    const inside = { x: a.x + radiusPx * 0.6, y: a.y };
    const gap = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    // Below the left gateway, beyond its 16 m (the map is fitted to the two markers, wider than tall).
    const outside = { x: a.x, y: Math.min(a.y + radiusPx * 1.2, before.height - 4) };
    expect(outside.y - a.y).toBeGreaterThan(radiusPx * 1.05);

    // Gradient: coloured round each gateway, nothing in the 13 m gap between their coverage.
    await chooseHeatmap(page, 'Gradient');
    await expect(heatmap).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => change(before, await canvasPixels(canvas), inside.x, inside.y))
      .toBeGreaterThan(30);
    let after = await canvasPixels(canvas);
    expect(change(before, after, b.x - radiusPx * 0.6, b.y)).toBeGreaterThan(30);
    expect(change(before, after, gap.x, gap.y)).toBeLessThan(6);

    // Flat: one translucent colour up to 16 m, none beyond.
    await chooseHeatmap(page, 'Flat');
    await expect
      .poll(async () => change(before, await canvasPixels(canvas), inside.x, inside.y))
      .toBeGreaterThan(30);
    after = await canvasPixels(canvas);
    const near = change(before, after, a.x + radiusPx * 0.3, a.y);
    const far = change(before, after, a.x + radiusPx * 0.85, a.y);
    // Uniform: as strong near the gateway as near the edge of its coverage.
    expect(Math.abs(near - far)).toBeLessThan(6);
    expect(change(before, after, gap.x, gap.y)).toBeLessThan(6);
    expect(change(before, after, outside.x, outside.y)).toBeLessThan(6);

    // Floor area from the plan's corners (ft², SPEC §9) and 2 markers per 1,000 ft².
    const areaFt2 = squareMetresToSquareFeet(polygonAreaM2(CORNERS));
    const readout = page.getByRole('region', { name: 'Floor area and marker density' });
    await expect(readout.getByTestId('floor-area')).toHaveText(
      `${Math.round(areaFt2).toLocaleString('en-US')} ft²`,
    );
    await expect(readout.getByTestId('marker-density')).toHaveText(
      `${((2 / areaFt2) * 1000).toFixed(2)} per 1,000 ft² (2 markers)`,
    );

    await chooseHeatmap(page, 'Off');
    await expect(heatmap).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(async () => change(before, await canvasPixels(canvas), inside.x, inside.y))
      .toBeLessThan(6);
    await page.getByRole('heading', { name: 'Floor Plans', level: 1 }).hover();
    await expectAccessible(page);
  });

  test('an admin has no heatmap and no floor area, but reads each gateway’s diagnostics and filters the markers', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example');
    await page.goto(`/floorplans/${floorId}`);
    await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 30_000 });
    const tools = page.getByRole('toolbar', { name: 'Map tools' });
    await expect(tools.getByRole('button', { name: 'Diagnostics' })).toBeVisible();
    await expect(tools.getByRole('button', { name: 'Coverage heatmap' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Floor area and marker density' })).toHaveCount(0);

    // The demo's heartbeats: b0a710000001 passes every check; b0a710000002 reports no diagnostics.
    await tools.getByRole('button', { name: 'Diagnostics' }).click();
    const key = page.getByRole('region', { name: 'Gateway diagnostics' });
    await expect(key).toContainText('averages over the last 24 hours');
    await expect(
      page.locator('.maplibregl-marker', { hasText: /^B 100% · C 9\d(\.\d)?% · F 74%$/ }),
    ).toBeVisible();
    await expect(page.locator('.maplibregl-marker', { hasText: 'No diagnostics' })).toBeVisible();
    await expect(key.getByRole('listitem').first()).toContainText(
      'b0a710000001 diagnostics: button 100% (passes)',
    );

    // The filter: only b0a710000002 by a piece of its MAC.
    await tools.getByRole('button', { name: 'Filter markers' }).click();
    await page.getByRole('textbox', { name: 'MAC, unit or area' }).fill('0002');
    await expect(page.getByText('1 of 2 shown', { exact: true })).toBeVisible();
    await expect(page.locator('.maplibregl-marker', { hasText: 'No diagnostics' })).toBeVisible();
    await expect(page.locator('.maplibregl-marker', { hasText: /^B 100%/ })).toHaveCount(0);
    await expect(tools.getByRole('button', { name: 'Filter markers' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAccessible(page);
  });
});

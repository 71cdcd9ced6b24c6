import { expect, test, type Locator, type Page } from '@playwright/test';
import { MARKER_COLOUR_HEX } from '@vigil/domain';
import { adminHeaders, expectAccessible, pressTag, signIn } from '../fixtures';
import {
  FLOOR_1_GATEWAY,
  FLOOR_1_POSITION,
  canvasPixelsNear,
  placeFloor1Gateway,
  rgb,
} from '../map-fixtures';

// The floor-plan map (SPEC §2.7): the admin opens Floor Plans, picks a floor and sees its gateway
// drawn by WebGL (canvas pixels, not only the DOM), a floor without a plan says so, and the browser
// asks nothing of any host but our server (an air-gapped hospital network, ARCHITECTURE §2).
// b0a710000001 (ED Room 101, Floor 1) is placed on the map for this file and taken off after it.

const GATEWAY = FLOOR_1_GATEWAY;
const POSITION = FLOOR_1_POSITION;

/**
 * How many pixels of the map canvas are a gateway marker colour of the domain's rule: the map draws with
 * WebGL, so the DOM cannot tell whether anything was drawn. What lies over the canvas (the legend's
 * dots, the labels, the toolbar) is hidden while the screenshot is taken.
 */
async function markerPixels(page: Page, canvas: Locator): Promise<number> {
  // Gray is a marker without a gateway, never a gateway; and the grays of text and edges would pass for it.
  const colours = Object.entries(MARKER_COLOUR_HEX)
    .filter(([name]) => name !== 'gray')
    .map(([, colour]) => colour);
  return canvasPixelsNear(page, canvas, colours.map(rgb));
}

test.describe('floor plans', () => {
  test.afterEach(async ({ page }) => {
    await placeFloor1Gateway(page, null);
  });

  test('the admin picks a floor and sees its gateway drawn on the map; a floor without a plan says so; nothing leaves 127.0.0.1', async ({
    page,
  }) => {
    const hosts = new Set<string>();
    const problems: string[] = [];
    page.on('request', (request) => hosts.add(new URL(request.url()).hostname));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });

    await signIn(page, 'admin@demo.example');
    await placeFloor1Gateway(page, POSITION);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Floor Plans' })
      .click();
    await expect(page.getByRole('heading', { name: 'Floor Plans', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Floor Plans · Vigil$/);

    await page.getByRole('combobox', { name: 'Floor' }).click();
    await page.getByRole('option', { name: 'Floor 1' }).click();
    await expect(page).toHaveURL(/\/floorplans\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Main Campus › North Tower › Floor 1')).toBeVisible();
    const list = page.getByRole('region', { name: 'Gateways on this floor' });
    await expect(list.getByRole('button', { name: `Show ${GATEWAY} on the map` })).toBeVisible();
    // No floor has a plan yet: the gateways are drawn on the bare ground, and the map says why.
    await expect(
      page.getByRole('note').filter({ hasText: 'No floor plan for this floor yet' }),
    ).toBeVisible();

    // WebGL drew the marker: its colour is on the canvas.
    const canvas = page.locator('canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible();
    await expect.poll(() => markerPixels(page, canvas), { timeout: 15_000 }).toBeGreaterThan(30);

    // Labels are HTML beside the markers (the offline style has no glyphs).
    await page.getByRole('button', { name: 'Labels' }).click();
    await expect(page.locator('.maplibregl-marker', { hasText: GATEWAY })).toBeVisible();
    await page.getByRole('heading', { name: 'Floor Plans', level: 1 }).hover();
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Floor' }).click();
    await page.getByRole('option', { name: 'Floor 2' }).click();
    await expect(
      page.getByRole('heading', { name: 'No floor plan for this floor yet', level: 2 }),
    ).toBeVisible();
    await expect(
      page.getByText(/Floor 2 has no plan and no gateway placed on it\. You may edit floor plans/),
    ).toBeVisible();
    await expectAccessible(page);

    expect([...hosts]).toEqual(['127.0.0.1']);
    expect(problems).toEqual([]);
  });

  test('a press heard by a gateway of the open floor appears on its map as an alert tracker, without a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.example');
    await placeFloor1Gateway(page, POSITION);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Floor Plans' })
      .click();
    await page.getByRole('combobox', { name: 'Floor' }).click();
    await page.getByRole('option', { name: 'Floor 1' }).click();
    await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeVisible();
    const canvas = page.locator('canvas.maplibregl-canvas');
    await expect.poll(() => markerPixels(page, canvas), { timeout: 15_000 }).toBeGreaterThan(30);
    // The help colour of the alert card (orange.8): not on the map before the press.
    const helpColour = '#e8590c';
    expect(await canvasPixelsNear(page, canvas, [rgb(helpColour)])).toBe(0);

    // A mark on the page: it survives everything but a reload.
    await page.evaluate(() => ((window as unknown as { vigilNoReload: boolean }).vigilNoReload = true));
    const floorUrl = page.url();

    // pressTag sends as the demo gateway, b0a710000001: the gateway placed on Floor 1 here.
    const [pressed] = (await pressTag(page, 'c0ffee000007')).results;
    const alertId = pressed!.alertId!;
    try {
      // SPEC §2.2 pushes every screen but the alerts screen to /alerts on a new alert (the shell's
      // rule, not this screen's): the floor is opened again from the browser's history, no reload.
      await expect(page).toHaveURL(/\/alerts$/);
      await page.goBack();
      await expect(page).toHaveURL(floorUrl);
      const alerts = page.getByRole('region', { name: 'Open alerts on this floor' });
      await expect(alerts.locator(`a[href="/alert/${alertId}"]`)).toBeVisible();
      await expect(alerts).toContainText('Help');
      // The tracker is drawn: the alert colour is on the map (its dot and its coverage circle).
      await expect
        .poll(() => canvasPixelsNear(page, canvas, [rgb(helpColour)]), { timeout: 15_000 })
        .toBeGreaterThan(30);
      expect(
        await page.evaluate(() => (window as unknown as { vigilNoReload?: boolean }).vigilNoReload),
      ).toBe(true);
    } finally {
      const closed = await page.request.put(`/api/alerts/${alertId}`, {
        headers: await adminHeaders(page),
        data: { reasonCode: 'ignored_accidental_press' },
      });
      expect(closed.status(), await closed.text()).toBe(200);
    }
    // Closed: the tracker leaves the map through the same feed.
    await expect(page.getByRole('region', { name: 'Open alerts on this floor' })).toBeHidden();
  });
});

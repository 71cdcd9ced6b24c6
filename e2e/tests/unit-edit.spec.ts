import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, expandZone, expectAccessible, signIn, unique } from '../fixtures';
import { FLOOR_1_GATEWAY, FLOOR_1_POSITION, canvasPixelsNear, placeFloor1Gateway } from '../map-fixtures';

// SPEC §2.7 units add/edit, §3 Unit on a map, §4 Units, §5 Unit edit, §8: the admin (who may edit
// floor plans) enters Units mode on Floor 1, draws a unit on the map with terra-draw, names it and
// saves it; the unit is a zone, so the Zones screen lists it under the floor; reshaped on the map
// after the map's style was updated; then deactivated with SPEC §5's confirmation.
// b0a710000001 (ED Room 101, Floor 1) is placed for this file, so Floor 1 shows its map.

const GATEWAY = FLOOR_1_GATEWAY;
const POSITION = FLOOR_1_POSITION;
/** The units' violet (UNIT_COLOURS.active): no gateway marker colour is near it. */
const UNIT_VIOLET = [0x70, 0x48, 0xe8];

type SavedUnit = {
  id: string;
  config: { geometry: { type: string; coordinates: number[][][] }; state: string };
};

/** The unit of this name as the server has it (a zone of level unit). */
async function savedUnit(page: Page, headers: Record<string, string>, name: string): Promise<SavedUnit> {
  const res = await page.request.get('/api/zones?level=unit&limit=500', { headers });
  const { data } = (await res.json()) as { data: (SavedUnit & { name: string })[] };
  const unit = data.find((z) => z.name === name);
  expect(unit, `unit ${name} saved`).toBeDefined();
  return unit!;
}

function extent(ring: number[][]) {
  const lngs = ring.map(([lng]) => lng!);
  const lats = ring.map(([, lat]) => lat!);
  return {
    west: Math.min(...lngs),
    east: Math.max(...lngs),
    south: Math.min(...lats),
    north: Math.max(...lats),
  };
}

async function openUnitsMode(page: Page) {
  await page.goto('/floorplans');
  await page.getByRole('combobox', { name: 'Floor' }).click();
  await page.getByRole('option', { name: 'Floor 1' }).click();
  await expect(page.getByRole('region', { name: 'Gateways on this floor' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit this floor' }).click();
  await page.getByRole('menuitem', { name: 'Units' }).click();
  const panel = page.getByRole('region', { name: 'Units' });
  await expect(panel.getByRole('button', { name: 'Draw unit' })).toBeEnabled({ timeout: 15_000 });
  return panel;
}

test.afterEach(async ({ page }) => {
  await placeFloor1Gateway(page, null);
});

test('the admin draws a unit on the map, names it, sees it on the Zones screen, reshapes it and deactivates it', async ({
  page,
}) => {
  // A long journey (two screens, two accessibility scans) on a machine shared by several runs.
  test.setTimeout(150_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, 'admin@demo.example');
  await placeFloor1Gateway(page, POSITION);
  const panel = await openUnitsMode(page);
  // The floor's seeded units are zones made on the Zones screen: listed, not drawn yet.
  await expect(panel.getByRole('button', { name: /Emergency Department/ })).toContainText('Not drawn');

  // Draw: a square of four clicks right of the panel, closed by clicking its first corner again.
  const canvas = page.locator('canvas.maplibregl-canvas');
  // Points by their offset from a spot right of the panel, where the canvas is now (the page may
  // have scrolled since the last one).
  const at = async (dx: number, dy: number) => {
    const box = (await canvas.boundingBox())!;
    return { x: box.x + box.width * 0.68 + dx, y: box.y + box.height * 0.5 + dy };
  };
  const corners = [
    [-90, -90],
    [90, -90],
    [90, 90],
    [-90, 90],
  ] as const;
  await panel.getByRole('button', { name: 'Draw unit' }).click();
  await expect(panel.getByText(/Click the map at each corner of the unit/)).toBeVisible();
  for (const [dx, dy] of [...corners, corners[0]]) {
    const { x, y } = await at(dx, dy);
    await page.mouse.click(x, y);
  }
  await expect(panel.getByText(/Drag a corner of the selected outline/)).toBeVisible();

  // The name is required (SPEC §5).
  const name = unique('Imaging');
  await panel.getByRole('button', { name: 'Save unit' }).click();
  await expect(panel.getByText('Must specify a name')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Unit name' }).fill(name);
  await panel.getByRole('button', { name: 'Save unit' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Saved unit ${name}.`);
  await expect(panel.getByRole('button', { name })).toBeVisible();
  await expect
    .poll(() => canvasPixelsNear(page, canvas, [UNIT_VIOLET]), { timeout: 15_000 })
    .toBeGreaterThan(200);
  const headers = await adminHeaders(page);
  const drawn = await savedUnit(page, headers, name);
  expect(drawn.config).toMatchObject({ state: 'active', geometry: { type: 'Polygon' } });
  expect(drawn.config.geometry.coordinates[0]).toHaveLength(5);

  // The map's style is updated (the gateway moved, the map refreshed): terra-draw's layers stay
  // and it still answers: the unit is selected by a click inside it, and its corner dragged.
  await page.request.put(`/api/gateways/${GATEWAY}`, {
    headers: await adminHeaders(page),
    data: { coordinates: { lat: POSITION.lat + 0.00002, lng: POSITION.lng } },
  });
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/gateways?') && r.ok());
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
  await expect
    .poll(() => canvasPixelsNear(page, canvas, [UNIT_VIOLET]), { timeout: 15_000 })
    .toBeGreaterThan(200);
  const inside = await at(40, 40);
  await page.mouse.click(inside.x, inside.y);
  await expect(panel.getByRole('heading', { name: `Unit ${name}` })).toBeVisible();
  // The bottom right corner, dragged further right and down.
  const corner = await at(90, 90);
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  await page.mouse.move(corner.x + 30, corner.y + 20, { steps: 5 });
  await page.mouse.move(corner.x + 60, corner.y + 40, { steps: 5 });
  await page.mouse.up();
  await panel.getByRole('button', { name: 'Save unit' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Saved unit ${name}.`);
  // The outline reaches further east and south; its top left corner stayed.
  const unit = await savedUnit(page, headers, name);
  const [before, after] = [drawn, unit].map((u) => extent(u.config.geometry.coordinates[0]!));
  expect(after!.east).toBeGreaterThan(before!.east);
  expect(after!.south).toBeLessThan(before!.south);
  expect([after!.west, after!.north]).toEqual([before!.west, before!.north]);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);

  // A unit is a zone under its floor: the Zones screen shows it there.
  await page.getByRole('link', { name: 'Zones', exact: true }).click();
  for (const zone of ['Main Campus', 'North Tower', 'Floor 1']) await expandZone(page, zone);
  await expect(page.getByRole('tree').first().getByRole('treeitem', { name, exact: true })).toBeVisible();

  // Deactivating asks SPEC §5's question; the unit is then listed inactive.
  const again = await openUnitsMode(page);
  await again.getByRole('button', { name }).click();
  await again.getByRole('switch', { name: 'Active' }).click({ force: true });
  const dialog = page.getByRole('dialog', { name: 'Deactivate unit' });
  await expect(dialog).toContainText(
    `Are you sure you want to deactivate unit ${name} and all areas within?`,
  );
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(again.getByRole('status')).toHaveText(`Unit ${name} and the areas within are inactive.`);
  await expect(again.getByRole('button', { name })).toContainText('Inactive');
  await expect(again.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await expectAccessible(page);
  expect((await savedUnit(page, headers, name)).config.state).toBe('inactive');
  // Back on the map everyone sees: the unit is drawn greyed, and named for assistive technology.
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `${name} (inactive)` })).toHaveCount(1);
  expect(problems).toEqual([]);
});
